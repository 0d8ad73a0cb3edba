// The workspace schema as numbered migrations. The database's user_version is
// the number of migrations applied; each migration runs in its own transaction.
// Never edit a released migration: add the next one.

export const MIGRATIONS: readonly string[] = [
  // 1: the nouns of docs/design.md
  `
  CREATE TABLE projects (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
  );
  CREATE TABLE workloads (
    id INTEGER PRIMARY KEY,
    project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    argv_json TEXT NOT NULL DEFAULT '[]',
    cwd TEXT,
    env_json TEXT NOT NULL DEFAULT '{}',
    inputs_json TEXT NOT NULL DEFAULT '[]',
    features_json TEXT NOT NULL DEFAULT '{}',
    requests INTEGER,
    UNIQUE (project_id, name)
  );
  CREATE TABLE designs (
    id INTEGER PRIMARY KEY,
    project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    variables_json TEXT NOT NULL DEFAULT '{}',
    UNIQUE (project_id, name)
  );
  CREATE TABLE campaigns (
    id INTEGER PRIMARY KEY,
    project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    spec_json TEXT NOT NULL,
    seed INTEGER,
    status TEXT NOT NULL DEFAULT 'planned',
    created_at TEXT NOT NULL,
    finished_at TEXT
  );
  CREATE TABLE runs (
    id INTEGER PRIMARY KEY,
    project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    campaign_id INTEGER REFERENCES campaigns(id) ON DELETE CASCADE,
    workload_id INTEGER REFERENCES workloads(id),
    design_id INTEGER REFERENCES designs(id),
    repetition INTEGER,
    status TEXT NOT NULL CHECK (status IN ('queued','running','succeeded','failed','timed-out','cancelled','interrupted','imported')),
    exit_code INTEGER,
    signal TEXT,
    wall_ns INTEGER,
    user_ns INTEGER,
    sys_ns INTEGER,
    peak_rss_kb INTEGER,
    voluntary_switches INTEGER,
    involuntary_switches INTEGER,
    environment_json TEXT NOT NULL DEFAULT '{}',
    features_json TEXT NOT NULL DEFAULT '{}',
    message TEXT,
    created_at TEXT NOT NULL,
    started_at TEXT,
    finished_at TEXT
  );
  CREATE TABLE artifacts (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    path TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    size_bytes INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (run_id, kind, name)
  );
  CREATE TABLE analyses (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    inputs_key TEXT NOT NULL,
    parameters_json TEXT NOT NULL,
    engine_version TEXT NOT NULL,
    result_json TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (kind, inputs_key, parameters_json, engine_version)
  );
  `,
  // 2: lookups by campaign and by run, and the media type an exporter needs
  `
  CREATE INDEX runs_by_campaign ON runs(campaign_id);
  CREATE INDEX artifacts_by_run ON artifacts(run_id);
  ALTER TABLE artifacts ADD COLUMN media_type TEXT NOT NULL DEFAULT 'application/octet-stream';
  `,
  // 3: campaigns run from queued rows, so a killed runner can be resumed: each
  // planned run keeps its place (ordinal), its resolved plan, and who runs it
  `
  ALTER TABLE runs ADD COLUMN ordinal INTEGER;
  ALTER TABLE runs ADD COLUMN warmup INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE runs ADD COLUMN attempt INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE runs ADD COLUMN plan_json TEXT;
  ALTER TABLE runs ADD COLUMN runner_pid INTEGER;
  ALTER TABLE runs ADD COLUMN pgid INTEGER;
  ALTER TABLE runs ADD COLUMN stdout_tail TEXT;
  ALTER TABLE runs ADD COLUMN stderr_tail TEXT;
  ALTER TABLE campaigns ADD COLUMN runner_pid INTEGER;
  CREATE INDEX runs_queue ON runs(campaign_id, status, ordinal);
  `,
  // 4: the folder a campaign's spec came from, so a new campaign can be planned
  // from it ({spec_dir} and relative paths) without the spec file; and, for a
  // campaign launched from the workbench, the spec-planned campaign it came from
  `
  ALTER TABLE campaigns ADD COLUMN spec_dir TEXT;
  ALTER TABLE campaigns ADD COLUMN template_id INTEGER REFERENCES campaigns(id);
  `,
  // 5: a checksum of each kept analysis result, so a damaged one is computed again rather than served
  `
  ALTER TABLE analyses ADD COLUMN result_sha256 TEXT;
  `,
  // 6: what a run measured beyond its rusage (campaign/measures.ts: traced on-CPU time, instructions,
  // line counts), and a run's role in its campaign: 'timing' for the plain run of a pair whose other
  // run is profiled (a spec's \`timing\`), NULL for every other run. Runs with nothing of the kind
  // stored get '{}' here; the others are measured from their artifacts when the workspace opens. And an
  // instrumenting tracer's own cost per call, measured once per tool version, machine and options.
  `
  ALTER TABLE runs ADD COLUMN measures_json TEXT;
  ALTER TABLE runs ADD COLUMN role TEXT CHECK (role IS NULL OR role = 'timing');
  UPDATE runs SET measures_json = '{}' WHERE status NOT IN ('succeeded', 'imported') OR NOT EXISTS
    (SELECT 1 FROM artifacts a WHERE a.run_id = runs.id AND a.kind IN ('cct', 'callgrind-table', 'gcov-table'));
  CREATE TABLE calibrations (
    id INTEGER PRIMARY KEY,
    tool TEXT NOT NULL,
    version TEXT NOT NULL,
    host TEXT NOT NULL,
    options_json TEXT NOT NULL,
    ns_per_call REAL,
    inside_ns REAL,
    low REAL,
    high REAL,
    how TEXT NOT NULL,
    failure TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (tool, version, host, options_json)
  );
  `,
  // 7: the version of the program a campaign measured (issue 33, history across versions): a label (given,
  // or the git revision of the spec's folder), the commit it names where git knows one (to order versions
  // by commit order), and whether the work tree had uncommitted changes (1) or not (0); NULL: not known
  `
  ALTER TABLE campaigns ADD COLUMN version TEXT;
  ALTER TABLE campaigns ADD COLUMN version_commit TEXT;
  ALTER TABLE campaigns ADD COLUMN version_dirty INTEGER;
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;
