/**
 * The database side of an import: a DatasetSink that writes a streamed dataset inside one transaction over a
 * plain pg connection (all or nothing), plans and pairs through COPY in batches, so memory stays flat
 * whatever the size. The dataset row goes in first, so a concurrent import of the same content waits on
 * its unique content hash and then finds the winner.
 */
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { DatasetCounts, NormalizedPlan, NormalizedPoi, NormalizedQuery } from "../normalized";
import {
  encodePlan,
  addedPlanId,
  ImportRefused,
  requestTextKey,
  type DatasetHeader,
  type DatasetSink,
  type EncodedPlan,
} from "../importers";
import { insertRows, type Column, poolOf, type Db } from "../../platform/db";

export type { DatasetCounts };

const POI_COLUMNS: Column[] = [
  ["id", "text"],
  ["datasetId", "text"],
  ["destinationId", "text"],
  ["sourceId", "text"],
  ["name", "text"],
  ["kind", '"PoiKind"'],
  ["lat", "double precision"],
  ["lon", "double precision"],
  ["tags", "text[]"],
  ["openingHours", "jsonb"],
  ["price", "double precision"],
  ["stars", "integer"],
  ["recommendedMinutes", "integer"],
];
const QUERY_COLUMNS: Column[] = [
  ["id", "text"],
  ["datasetId", "text"],
  ["destinationId", "text"],
  ["sourceId", "text"],
  ["text", "text"],
  ["origin", "text"],
  ["days", "integer"],
  ["people", "integer"],
  ["startDate", "text"],
  ["preferences", "jsonb"],
  ["split", "text"],
  ["raw", "jsonb"],
];
const DSL_COLUMNS: Column[] = [
  ["id", "text"],
  ["queryId", "text"],
  ["version", "integer"],
  ["stage", '"DslStage"'],
  ["constraints", "jsonb"],
  ["note", "text"],
];

/** A value in COPY's text format: backslash, tab and line breaks escaped, null as \N. */
function copyValue(v: string | number | boolean | null): string {
  if (v === null) return "\\N";
  if (typeof v !== "string") return String(v);
  return /[\\\t\n\r]/.test(v)
    ? v.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"))
    : v;
}
const copyRow = (values: (string | number | boolean | null)[]) => values.map(copyValue).join("\t") + "\n";

/** Rows (COPY text, or its bytes) into a table through COPY … FROM STDIN, as one stream. */
async function copyRows(
  client: pg.PoolClient,
  table: string,
  columns: string[],
  rows: string[] | Uint8Array,
): Promise<void> {
  const stream = client.query(copyFrom(`COPY "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) FROM STDIN`));
  await new Promise<void>((resolve, reject) => {
    stream.on("error", reject);
    stream.on("finish", resolve);
    // One write of the joined batch: a write per row costs more than the rows.
    stream.end(Array.isArray(rows) ? rows.join("") : rows);
  });
}

/** What an add to a dataset did (DatabaseSink with `intoDatasetId`). */
export interface AddedToDataset {
  name: string;
  /** The bundle's requests, and those that matched one of the dataset's (by source id, else by request text). */
  requests: number;
  matched: number;
  /** Plans written, and plans the dataset had already (the same itinerary for the same request: not written again). */
  plans: number;
  plansKnown: number;
  /** New pairs: among the bundle's plans, and between them and the plans already there. */
  pairs: number;
  /** The dataset's counts after the add. */
  totals: DatasetCounts;
}

/** The existing plans of one request of the dataset added to: their source ids, and their itineraries' hashes. */
interface KnownPlans {
  ids: Set<string>;
  byHash: Map<string, string>;
}

export class DatabaseSink implements DatasetSink {
  datasetId = "";
  /** Set by an add to a dataset, once it committed. */
  added: AddedToDataset | null = null;
  /** True when the same content was already imported (found at begin, or won by a concurrent import). */
  existing: { id: string; counts: DatasetCounts } | null = null;
  private client: pg.PoolClient | null = null;
  private destIds = new Map<string, string>();
  private queryIds = new Map<string, { id: string; destination: string }>();
  private planIds = new Map<string, string>();
  private header: DatasetHeader | null = null;

  constructor(
    private db: Db,
    private opts: {
      contentHash: string;
      actorId?: string | null;
      beforeCommit?: () => Promise<void>;
      /** Add the bundle's plans to this dataset instead of making a new one (a second planner's outputs). */
      intoDatasetId?: string;
      /** As the import's option: plans that fail a gate stay out of the pairs made with the dataset's plans too. */
      excludeInfeasible?: boolean;
    },
  ) {}

  /** State of an add to a dataset: its requests and plans as they were, and what the bundle brought. */
  private target: {
    name: string;
    unresolvedPlaces: number;
    bySource: Map<string, string>;
    byText: Map<string, string>;
    plans: Map<string, KnownPlans>;
    pois: Set<string>;
    requests: Set<string>;
    matched: number;
    plansWritten: number;
    plansKnown: number;
    /** Unresolved places of the bundle's plans that were there already (skipped). */
    unresolvedKnown: number;
    pairs: number;
  } | null = null;

  private get tx(): pg.PoolClient {
    if (!this.client) throw new Error("the import transaction is not open");
    return this.client;
  }

  async begin(header: DatasetHeader) {
    this.header = header;
    this.client = await poolOf(this.db).connect();
    await this.client.query("BEGIN");
    // lz4 where the server was built with it (Debian's and managed PostgreSQL; not the embedded build): the plan
    // documents then compress in about 60 % of pglz's time, for about 30 % more space (decision 013).
    await this.client.query(
      `SELECT set_config('default_toast_compression', 'lz4', true) FROM pg_settings
       WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)`,
    );
    for (const d of header.destinations) {
      // DO NOTHING, then read: no row lock on a destination others use, for the length of a long import.
      const inserted = await this.tx.query<{ id: string }>(
        `INSERT INTO "Destination" (id, name, country, lat, lon) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name, country) DO NOTHING RETURNING id`,
        [randomUUID(), d.name, d.country, d.lat, d.lon],
      );
      const id =
        inserted.rows[0]?.id ??
        (
          await this.tx.query<{ id: string }>(`SELECT id FROM "Destination" WHERE name = $1 AND country = $2`, [
            d.name,
            d.country,
          ])
        ).rows[0].id;
      this.destIds.set(d.key, id);
    }
    if (this.opts.intoDatasetId) return this.beginAdd(header, this.opts.intoDatasetId);
    this.datasetId = randomUUID();
    try {
      await this.tx.query("SAVEPOINT dataset_row");
      await this.tx.query(
        `INSERT INTO "Dataset" (id, name, format, "contentHash", counts, "createdById", license) VALUES ($1, $2, $3::"DatasetFormat", $4, '{}'::jsonb, $5, $6)`,
        [
          this.datasetId,
          header.name,
          header.format,
          this.opts.contentHash,
          this.opts.actorId ?? null,
          header.license ?? null,
        ],
      );
    } catch (e) {
      // A concurrent import of the same content committed first (this one waited on the unique hash): that import is this one.
      if ((e as { code?: string }).code !== "23505") throw e;
      await this.tx.query("ROLLBACK TO SAVEPOINT dataset_row");
      const row = (
        await this.tx.query<{ id: string; counts: DatasetCounts }>(
          `SELECT id, counts FROM "Dataset" WHERE "contentHash" = $1`,
          [this.opts.contentHash],
        )
      ).rows[0];
      this.existing = row ?? null;
      throw new AlreadyImported();
    }
  }

  /**
   * An add: the dataset's row is locked (two adds to it run one after the other, each seeing the other's plans), and
   * its requests and plans are read once, so the bundle's requests and plans can be matched to them.
   */
  private async beginAdd(header: DatasetHeader, id: string) {
    const row = (
      await this.tx.query<{ id: string; name: string; format: string; counts: Partial<DatasetCounts> }>(
        `SELECT id, name, format::text, counts FROM "Dataset" WHERE id = $1 FOR UPDATE`,
        [id],
      )
    ).rows[0];
    if (!row) {
      // The ids are said here: the Import page chooses a dataset by name, so its id is nowhere else on a page.
      const { rows: known } = await this.tx.query<{ id: string; name: string }>(
        `SELECT id, name FROM "Dataset" ORDER BY "createdAt" DESC LIMIT 10`,
      );
      const list = known.map((d) => `${d.id} (${d.name})`).join(", ");
      throw new ImportRefused(
        `There is no dataset "${id.slice(0, 80)}" to add the plans to. ` +
          (known.length ? `Datasets: ${list}${known.length === 10 ? ", …" : ""}.` : "There is no dataset yet.") +
          " GET /api/admin/datasets lists them all.",
      );
    }
    if (row.format !== header.format)
      throw new ImportRefused(
        `“${row.name}” is a ${row.format.toLowerCase()} dataset and this bundle is ${header.format.toLowerCase()}: ` +
          `plans are added to a dataset of the same format (its requests are in that format's shape).`,
      );
    this.datasetId = row.id;
    const queries = await this.tx.query<{ id: string; sourceId: string; text: string }>(
      `SELECT id, "sourceId", text FROM "Query" WHERE "datasetId" = $1 ORDER BY "createdAt", id`,
      [id],
    );
    const bySource = new Map<string, string>();
    const byText = new Map<string, string>();
    for (const q of queries.rows) {
      bySource.set(q.sourceId, q.id);
      // Two requests of the dataset with the same text: the first one is matched.
      const key = requestTextKey(q.text);
      if (!byText.has(key)) byText.set(key, q.id);
    }
    const plans = new Map<string, KnownPlans>();
    const planRows = await this.tx.query<{ id: string; queryId: string; sourceId: string; contentHash: string }>(
      `SELECT p.id, p."queryId", p."sourceId", p."contentHash" FROM "Plan" p JOIN "Query" q ON q.id = p."queryId"
        WHERE q."datasetId" = $1`,
      [id],
    );
    for (const p of planRows.rows) {
      const known = plans.get(p.queryId) ?? { ids: new Set(), byHash: new Map() };
      known.ids.add(p.sourceId);
      if (!known.byHash.has(p.contentHash)) known.byHash.set(p.contentHash, p.id);
      plans.set(p.queryId, known);
    }
    const pois = await this.tx.query<{ sourceId: string }>(`SELECT "sourceId" FROM "Poi" WHERE "datasetId" = $1`, [id]);
    this.target = {
      name: row.name,
      unresolvedPlaces: row.counts?.unresolvedPlaces ?? 0,
      bySource,
      byText,
      plans,
      pois: new Set(pois.rows.map((p) => p.sourceId)),
      requests: new Set(),
      matched: 0,
      plansWritten: 0,
      plansKnown: 0,
      unresolvedKnown: 0,
      pairs: 0,
    };
    await this.tx.query(`CREATE TEMP TABLE import_new_plan (id text PRIMARY KEY, "queryId" text) ON COMMIT DROP`);
    await this.tx.query(`CREATE TEMP TABLE import_new_pair (id text) ON COMMIT DROP`);
  }

  private dest(key: string) {
    const id = this.destIds.get(key);
    if (!id) throw new Error(`unknown destination "${key}"`);
    return id;
  }

  async pois(pois: NormalizedPoi[]) {
    // An add keeps the dataset's POIs and adds those it lacks (by source id).
    const target = this.target;
    if (target) pois = pois.filter((p) => !target.pois.has(p.sourceId) && Boolean(target.pois.add(p.sourceId)));
    await insertRows(
      this.tx,
      "Poi",
      POI_COLUMNS,
      pois.map((p) => ({
        id: randomUUID(),
        datasetId: this.datasetId,
        destinationId: this.dest(p.destination),
        sourceId: p.sourceId,
        name: p.name,
        kind: p.kind,
        lat: p.lat,
        lon: p.lon,
        tags: p.tags,
        openingHours: p.openingHours,
        price: p.price,
        stars: p.stars,
        recommendedMinutes: p.recommendedMinutes,
      })),
    );
  }

  async queries(queries: NormalizedQuery[]) {
    if (this.target) queries = this.matchQueries(queries, this.target);
    for (const q of queries) this.queryIds.set(q.sourceId, { id: randomUUID(), destination: q.destination });
    const idOf = (q: NormalizedQuery) => this.queryIds.get(q.sourceId)!.id;
    await insertRows(
      this.tx,
      "Query",
      QUERY_COLUMNS,
      queries.map((q) => ({
        id: idOf(q),
        datasetId: this.datasetId,
        destinationId: this.dest(q.destination),
        sourceId: q.sourceId,
        text: q.text,
        origin: q.origin,
        days: q.days,
        people: q.people,
        startDate: q.startDate,
        preferences: q.preferences,
        split: q.split,
        raw: q.raw ?? {},
      })),
    );
    await insertRows(
      this.tx,
      "DslVersion",
      DSL_COLUMNS,
      queries
        .filter((q) => q.dsl?.length)
        .map((q) => ({
          id: randomUUID(),
          queryId: idOf(q),
          version: 1,
          stage: "DRAFT",
          constraints: q.dsl,
          note: "Imported",
        })),
    );
  }

  /** An add: the bundle's requests that match one of the dataset's take its id; the others are returned, to insert. */
  private matchQueries(queries: NormalizedQuery[], target: NonNullable<DatabaseSink["target"]>) {
    const fresh: NormalizedQuery[] = [];
    for (const q of queries) {
      target.requests.add(q.sourceId);
      const id = target.bySource.get(q.sourceId) ?? target.byText.get(requestTextKey(q.text));
      if (id === undefined) fresh.push(q);
      else {
        target.matched++;
        this.queryIds.set(q.sourceId, { id, destination: q.destination });
      }
    }
    return fresh;
  }

  async plans(plans: NormalizedPlan[]) {
    await this.encodedPlans(plans.map(encodePlan));
  }

  async encodedPlans(plans: EncodedPlan[]) {
    // The documents are COPY text already (EncodedPlan.documents): each row is its short fields around them.
    const parts: Uint8Array[] = [];
    const added: { id: string; queryId: string }[] = [];
    for (const p of plans) {
      const queryId = this.queryIds.get(p.query)!.id;
      let sourceId = p.sourceId;
      if (this.target) {
        const known = this.target.plans.get(queryId) ?? { ids: new Set<string>(), byHash: new Map<string, string>() };
        this.target.plans.set(queryId, known);
        const same = known.byHash.get(p.contentHash);
        if (same) {
          // The same itinerary for the same request is there already (a retry, or a plan two bundles share).
          this.planIds.set(p.sourceId, same);
          this.target.plansKnown++;
          this.target.unresolvedKnown += p.unresolved;
          continue;
        }
        sourceId = addedPlanId(p.sourceId, p.model, (x) => known.ids.has(x));
        known.ids.add(sourceId);
        this.target.plansWritten++;
      }
      const id = randomUUID();
      this.planIds.set(p.sourceId, id);
      if (this.target) added.push({ id, queryId });
      parts.push(
        Buffer.from(`${id}\t${queryId}\t${copyValue(sourceId)}\t${copyValue(p.model)}\t`),
        p.documents,
        Buffer.from(`\t${p.feasible}\t${p.itemCount}\t${copyValue(p.style)}\t${p.contentHash}\n`),
      );
    }
    await copyRows(
      this.tx,
      "Plan",
      [
        "id",
        "queryId",
        "sourceId",
        "model",
        "raw",
        "itinerary",
        "features",
        "feasible",
        "itemCount",
        "style",
        "contentHash",
      ],
      Buffer.concat(parts),
    );
    if (added.length)
      await this.tx.query(`INSERT INTO import_new_plan SELECT * FROM unnest($1::text[], $2::text[])`, [
        added.map((a) => a.id),
        added.map((a) => a.queryId),
      ]);
  }

  async pairs(pairs: [string, string][]) {
    const rows = pairs.map(([a, b]) =>
      copyRow([randomUUID(), null, this.planIds.get(a)!, this.planIds.get(b)!, this.header!.requiredRaters]),
    );
    // The pair's query is its plans' query: filled from the plan rows in the same statement below.
    await this.tx.query(
      `CREATE TEMP TABLE IF NOT EXISTS import_pair (id text, "queryId" text, "planAId" text, "planBId" text, "requiredRaters" int) ON COMMIT DROP`,
    );
    await this.tx.query("TRUNCATE import_pair");
    await copyRows(this.tx, "import_pair", ["id", "queryId", "planAId", "planBId", "requiredRaters"], rows);
    if (this.target) {
      // Plans the dataset had already may be in these pairs: a pair it has (either way round) is not made again.
      const r = await this.tx.query(`WITH made AS (
          INSERT INTO "Pair" (id, "queryId", "planAId", "planBId", "requiredRaters")
          SELECT x.id, a."queryId", x."planAId", x."planBId", x."requiredRaters" FROM import_pair x JOIN "Plan" a ON a.id = x."planAId"
           WHERE x."planAId" <> x."planBId"
             AND NOT EXISTS (SELECT 1 FROM "Pair" r WHERE r."planAId" = x."planBId" AND r."planBId" = x."planAId")
          ON CONFLICT ("planAId", "planBId") DO NOTHING RETURNING id)
        INSERT INTO import_new_pair SELECT id FROM made`);
      this.target.pairs += r.rowCount ?? 0;
      return;
    }
    await this.tx.query(`INSERT INTO "Pair" (id, "queryId", "planAId", "planBId", "requiredRaters")
      SELECT x.id, a."queryId", x."planAId", x."planBId", x."requiredRaters" FROM import_pair x JOIN "Plan" a ON a.id = x."planAId"`);
  }

  /**
   * An add, after the bundle's own pairs: each new plan with each plan its request had (the import's pairing rule,
   * every two plans of a request, the older plan as A), leaving out plans that are experts' corrections; then the
   * new pairs get what the dataset's pairs have: its raters per pair (those of its calibration pairs when adaptive
   * raters are on, as tj_set_adaptive leaves them) and the calibration draw, two raters outside it when adaptive.
   */
  private async finishAdd(target: NonNullable<DatabaseSink["target"]>) {
    const raters =
      (
        await this.tx.query<{ n: number }>(
          `SELECT p."requiredRaters" AS n FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "Dataset" d ON d.id = q."datasetId"
            WHERE q."datasetId" = $1 AND p.id NOT IN (SELECT id FROM import_new_pair) AND (p.calibration OR NOT d."adaptiveRaters")
            GROUP BY 1 ORDER BY count(*) DESC, 1 DESC LIMIT 1`,
          [this.datasetId],
        )
      ).rows[0]?.n ?? this.header!.requiredRaters;
    if (this.header!.pairs === "all") {
      const r = await this.tx.query(
        `WITH made AS (
           INSERT INTO "Pair" (id, "queryId", "planAId", "planBId", "requiredRaters")
           SELECT gen_random_uuid()::text, n."queryId", o.id, n.id, $1
             FROM import_new_plan n JOIN "Plan" np ON np.id = n.id JOIN "Plan" o ON o."queryId" = n."queryId"
            WHERE NOT EXISTS (SELECT 1 FROM import_new_plan x WHERE x.id = o.id)
              AND NOT EXISTS (SELECT 1 FROM "Correction" c WHERE c."planId" = o.id)
              AND (NOT $2::boolean OR (o.feasible AND np.feasible))
           ON CONFLICT ("planAId", "planBId") DO NOTHING RETURNING id)
         INSERT INTO import_new_pair SELECT id FROM made`,
        [raters, this.opts.excludeInfeasible ?? false],
      );
      target.pairs += r.rowCount ?? 0;
    }
    await this.tx.query(
      `UPDATE "Pair" p SET "requiredRaters" = CASE WHEN d."adaptiveRaters" AND tj_pair_draw(p.id) >= d."calibrationShare" THEN 2 ELSE $2 END,
              calibration = tj_pair_draw(p.id) < d."calibrationShare"
         FROM "Dataset" d WHERE d.id = $1 AND p.id IN (SELECT id FROM import_new_pair)`,
      [this.datasetId, raters],
    );
  }

  /** The dataset's counts after an add, from its rows (the places left unresolved: its own and the bundle's). */
  private async totals(unresolvedPlaces: number): Promise<DatasetCounts> {
    const { rows } = await this.tx.query<Omit<DatasetCounts, "unresolvedPlaces">>(
      `SELECT (SELECT count(DISTINCT "destinationId") FROM "Query" WHERE "datasetId" = $1)::int AS destinations,
              (SELECT count(*) FROM "Poi" WHERE "datasetId" = $1)::int AS pois,
              (SELECT count(*) FROM "Query" WHERE "datasetId" = $1)::int AS queries,
              (SELECT count(*) FROM "Plan" p JOIN "Query" q ON q.id = p."queryId" WHERE q."datasetId" = $1)::int AS plans,
              (SELECT count(*) FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" WHERE q."datasetId" = $1)::int AS pairs,
              (SELECT count(*) FROM "Plan" p JOIN "Query" q ON q.id = p."queryId" WHERE q."datasetId" = $1 AND NOT p.feasible)::int AS "infeasiblePlans"`,
      [this.datasetId],
    );
    return { ...rows[0], unresolvedPlaces };
  }

  async commit(counts: DatasetCounts) {
    const target = this.target;
    let added: AddedToDataset | null = null;
    if (target) {
      await this.finishAdd(target);
      added = {
        name: target.name,
        requests: target.requests.size,
        matched: target.matched,
        plans: target.plansWritten,
        plansKnown: target.plansKnown,
        pairs: target.pairs,
        // The bundle's unresolved places less those of its plans the dataset had already (not written again).
        totals: await this.totals(
          target.unresolvedPlaces + Math.max(0, counts.unresolvedPlaces - target.unresolvedKnown),
        ),
      };
    }
    await this.tx.query(`UPDATE "Dataset" SET counts = $2::jsonb WHERE id = $1`, [
      this.datasetId,
      JSON.stringify(added?.totals ?? counts),
    ]);
    // An add is recorded with the bundle it came from (its name and content hash), on the dataset it went to.
    const { contentHash } = this.opts;
    await this.tx.query(
      `INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", data) VALUES ($1, $2, $3, 'Dataset', $4, $5::jsonb)`,
      [
        randomUUID(),
        this.opts.actorId ?? null,
        added ? "dataset.add" : "dataset.import",
        this.datasetId,
        JSON.stringify(
          added
            ? { bundle: this.header!.name, contentHash, format: this.header!.format, counts, ...added }
            : { name: this.header!.name, format: this.header!.format, counts },
        ),
      ],
    );
    // A cancel asked while the last rows were written still wins: nothing is kept (the caller rolls back).
    await this.opts.beforeCommit?.();
    await this.tx.query("COMMIT");
    this.added = added;
    // Statistics for the tables the judging calls read, at once: before autovacuum comes to them, a claim's plans
    // were made for nearly empty tables (a claim's median 19.6 ms instead of 0.7 after importing 10,000 plans into
    // a new database). Sampled, so bounded whatever the size; the import is kept whether or not it succeeds.
    await this.tx.query(`ANALYZE "Query", "Plan", "Pair"`).catch(() => undefined);
    this.release();
  }

  async abort() {
    if (!this.client) return;
    await this.client.query("ROLLBACK").catch(() => {});
    this.release();
  }

  private release() {
    this.client?.release();
    this.client = null;
  }
}

/** Thrown by DatabaseSink.begin when the same content is already in the database. */
export class AlreadyImported extends Error {
  constructor() {
    super("This bundle was imported before.");
  }
}
