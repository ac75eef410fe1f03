-- tj_session_ok, as in force. This file is its only definition from now on (migration 20261123120000_pair_state_functions last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
CREATE OR REPLACE FUNCTION tj_session_ok(p_user text, p_session_version integer, p_role "Role") RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM tj_session_user(p_user, p_session_version) s WHERE s.role = p_role)
$$;
