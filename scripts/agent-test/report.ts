import type { TestResult, TestRun } from "./api";

type Assertion = TestResult["assertions"][number];

const short = (value: unknown, max = 120): string => {
  const text = typeof value === "string" ? JSON.stringify(value) : JSON.stringify(value ?? null);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** Where an assertion was checked: its turn, or the end. */
export const assertionPlace = (assertion: Assertion) => (assertion.turn === null ? (assertion.type === "success_criterion" ? "criterion" : "end") : `turn ${assertion.turn}`);

/** "turn 0 agent_says (contains): expected "x", actual "y"". */
export function describeAssertion(assertion: Assertion): string {
  const match = assertion.match ? ` (${assertion.match})` : "";
  return `${assertionPlace(assertion)} ${assertion.type}${match}: expected ${short(assertion.expected)}, actual ${short(assertion.actual)}`;
}

/** The first thing that went wrong in a test's results: an error, or its first failing assertion. */
export function firstProblem(results: TestResult[]): string | null {
  for (const result of results) {
    if (result.status === "error") return `error (repetition ${result.repetition}): ${result.error ?? "unknown"}`;
    const failed = result.assertions.find((assertion) => !assertion.passed);
    if (failed) return `${describeAssertion(failed)}${results.length > 1 ? ` (repetition ${result.repetition})` : ""}`;
  }
  return null;
}

/** One line per test: ✓/✗, its name, its pass rate over the repetitions, the first failing assertion. */
export function testLines(run: TestRun): string[] {
  return run.tests.map((test) => {
    const results = run.results.filter((result) => result.test_id === test.test_id);
    const ok = test.finished > 0 && test.passed === test.finished && test.finished === test.repetitions;
    const rate = `${percent(test.pass_rate)} (${test.passed}/${test.repetitions})`;
    const problem = ok ? null : (firstProblem(results) ?? (test.finished < test.repetitions ? `not finished (run ${run.status})` : null));
    return `${ok ? "✓" : "✗"} ${test.test_name}  ${rate}${problem ? `  ${problem}` : ""}`;
  });
}

export function summaryLine(run: TestRun): string {
  const { total, passed, failed, errored } = run.summary;
  const error = run.error ? `: ${run.error}` : "";
  return `${passed}/${total} passed, ${failed} failed, ${errored} errored — run ${run.id} ${run.status}${error} (agent version ${run.agent_version})`;
}
