-- tj_figures_changed: moves tj_figures_version (migration 20261128054501_figures_version), the version of the data the
-- stored heavy figures are computed from (lib/platform/db/figures.ts), once per statement that changes judgments, gold
-- answers, judge verdicts or reviews (the Quality page's accept rate): a submit moves it once, a verdict file's bulk
-- insert once. nextval takes no row lock, so submits never wait on one another for it. The triggers sit here with their function (CREATE OR REPLACE: applied
-- again whenever this file changes).
CREATE OR REPLACE FUNCTION tj_figures_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('tj_figures_version');
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER tj_figures_changed AFTER INSERT OR UPDATE OR DELETE ON "Judgment"
  FOR EACH STATEMENT EXECUTE FUNCTION tj_figures_changed();
CREATE OR REPLACE TRIGGER tj_figures_changed AFTER INSERT OR UPDATE OR DELETE ON "GoldAnswer"
  FOR EACH STATEMENT EXECUTE FUNCTION tj_figures_changed();
CREATE OR REPLACE TRIGGER tj_figures_changed AFTER INSERT OR UPDATE OR DELETE ON "JudgeVerdict"
  FOR EACH STATEMENT EXECUTE FUNCTION tj_figures_changed();
CREATE OR REPLACE TRIGGER tj_figures_changed AFTER INSERT OR UPDATE OR DELETE ON "JudgmentReview"
  FOR EACH STATEMENT EXECUTE FUNCTION tj_figures_changed();
