// The SQLite schema of the result store, as an ordered list of migrations. The database's
// `PRAGMA user_version` is the number of migrations applied; opening a store applies the rest.
// Never edit a migration that has shipped: append a new one. docs/schema.md documents the tables.

export const MIGRATIONS: readonly string[] = [
  // 1: the initial schema.
  `
  CREATE TABLE runs (
    id           INTEGER PRIMARY KEY,
    started_at   TEXT NOT NULL,
    ended_at     TEXT,
    tool_version TEXT NOT NULL,
    command      TEXT NOT NULL,
    config       TEXT NOT NULL            -- JSON: the batch options that define the run
  );
  CREATE TABLE apps (
    id           INTEGER PRIMARY KEY,
    name         TEXT NOT NULL,
    path         TEXT NOT NULL,
    content_hash TEXT NOT NULL,           -- sha256 of the file
    status       TEXT NOT NULL,           -- ok | parse-error | lower-error
    error        TEXT,                    -- file:line:col: message when status is not ok
    UNIQUE (path, content_hash)
  );
  CREATE TABLE pairs (
    id       INTEGER PRIMARY KEY,
    grp      TEXT NOT NULL,               -- device group (or 'auto:<capability>')
    app1_id  INTEGER NOT NULL REFERENCES apps(id),
    app2_id  INTEGER NOT NULL REFERENCES apps(id),
    UNIQUE (grp, app1_id, app2_id)
  );
  CREATE TABLE results (
    id             INTEGER PRIMARY KEY,
    run_id         INTEGER NOT NULL REFERENCES runs(id),
    pair_id        INTEGER NOT NULL REFERENCES pairs(id),
    mode           TEXT NOT NULL,         -- dpor | nodpor
    verdict        TEXT NOT NULL,         -- conflict | no-conflict | timeout | state-limit | out-of-memory | unsupported | parse-error | error
    complete       INTEGER NOT NULL,      -- 1 when the whole state space was explored (a conflict can be found by an unfinished search)
    events         INTEGER,
    states         INTEGER,
    transitions    INTEGER,
    executions     INTEGER,
    ms             REAL,
    peak_memory_mb REAL,
    error          TEXT,
    finished_at    TEXT NOT NULL,
    UNIQUE (run_id, pair_id, mode)
  );
  CREATE TABLE conflicts (
    id            INTEGER PRIMARY KEY,
    result_id     INTEGER NOT NULL REFERENCES results(id),
    device        TEXT NOT NULL,
    attribute     TEXT NOT NULL,
    later_app     TEXT NOT NULL,
    later_value   TEXT NOT NULL,
    earlier_app   TEXT NOT NULL,
    earlier_value TEXT NOT NULL,
    earlier_manual INTEGER NOT NULL,      -- 1 when the overridden write was a direct user action
    trace         TEXT NOT NULL           -- JSON: the events and steps that produce the conflict
  );
  CREATE TABLE warnings (
    id        INTEGER PRIMARY KEY,
    result_id INTEGER NOT NULL REFERENCES results(id),
    kind      TEXT NOT NULL,
    message   TEXT NOT NULL
  );
  CREATE INDEX results_by_pair ON results (pair_id, mode);
  CREATE INDEX conflicts_by_result ON conflicts (result_id);
  CREATE INDEX warnings_by_result ON warnings (result_id);
  `,
  // 2: results the static prefilter decided without a search.
  `
  ALTER TABLE results ADD COLUMN decided_by TEXT NOT NULL DEFAULT 'search';  -- search | static
  ALTER TABLE results ADD COLUMN reason TEXT;                                -- why the prefilter decided it
  `,
  // 3: results whose worker process died, retried once by a resumed batch.
  `
  ALTER TABLE results ADD COLUMN worker_died INTEGER NOT NULL DEFAULT 0;     -- 1 when the worker process died during the check
  ALTER TABLE results ADD COLUMN attempts INTEGER NOT NULL DEFAULT 1;        -- checks of this (run, pair, mode) so far
  `,
  // 4: where an app exception was raised (warnings of kind app-exception).
  `
  ALTER TABLE warnings ADD COLUMN app TEXT;                                  -- the app's name
  ALTER TABLE warnings ADD COLUMN handler TEXT;                              -- the handler that raised it
  ALTER TABLE warnings ADD COLUMN line INTEGER;                              -- its line in the app's file
  `,
];
