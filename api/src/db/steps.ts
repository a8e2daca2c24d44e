// One statement that takes all or nothing, built from steps that each lock rows and write (placing an order:
// its rows, the windows' bookings, the stock). Each step is a list of CTEs. A step says when it must refuse and
// what to tell the shopper; the statement's `verdict` then calls grocer_refuse() (migration 0026), whose error
// rolls the whole statement back, since no transaction is open to roll back and a statement cannot undo part
// of itself. No transaction is held across round trips, so the rows other checkouts wait for stay locked for
// one statement only.
//
// The lock order every writer keeps (windows, then products in uuid order) must hold inside the statement too,
// where CTEs run in whatever order the executor pulls them. So each step's locking CTE waits for the one
// before it: `after` is a condition on the previous step's locking CTE (a count over it), which PostgreSQL
// evaluates once, before the step's first row is read, and which reads that CTE to its end, so its rows are
// locked first. A CTE read twice is computed once (materialized), which is why `locked` reads the CTE the
// step's own writes read as well.
import { sql, type SQL } from 'drizzle-orm';

export interface StatementStep {
  /** The step's CTEs, each [name, body], in the order written. */
  ctes: [string, SQL][];
  /** True when the step cannot be taken: the whole statement is refused. */
  refused: SQL;
  /** What was refused, as jsonb: the detail of the refusal (errors.ts statementRefusal). */
  detail: SQL;
  /** True once the step's rows are locked: the next step's `after`. */
  locked: SQL;
}

/** `after` for a step whose locks come after every row of CTE `name` is written or locked. */
export const afterCte = (name: string): SQL => sql`(select count(*) from ${sql.identifier(name)}) >= 0`;

/**
 * The `verdict` CTE: true when no step refuses; otherwise the statement fails with SQLSTATE GR409 and a
 * detail of `{ <key>: <step's detail>, ... }` for every step. The main query must read it
 * (`where (select ok from verdict)`), or it would run only after the rows were handed back.
 */
export function verdictCte(steps: Record<string, StatementStep | undefined>): SQL {
  const taken = Object.entries(steps).filter((entry): entry is [string, StatementStep] => entry[1] !== undefined);
  if (taken.length === 0) return sql`select true as ok`;
  const refused = sql.join(
    taken.map(([, step]) => sql`(${step.refused})`),
    sql` or `,
  );
  const detail = sql.join(
    taken.map(([key, step]) => sql`${key}::text, ${step.detail}`),
    sql`, `,
  );
  return sql`select case when ${refused} then grocer_refuse(jsonb_build_object(${detail})) else true end as ok`;
}
