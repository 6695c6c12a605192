import type { TestRun } from "./api";
import { describeAssertion } from "./report";

const escape = (text: string) =>
  text
    // Characters XML 1.0 cannot carry at all.
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * The run as JUnit XML (the format GitHub Actions, GitLab, Jenkins and Azure Pipelines display): one
 * testsuite for the agent version, one testcase per test and repetition, a <failure> per failing test
 * listing its failed assertions with expected and actual, an <error> when it broke, the transcript in
 * <system-out>.
 */
export function junitXml(run: TestRun, agentName: string): string {
  const time = run.results.reduce((total, result) => total + result.duration_ms, 0);
  const failures = run.results.filter((result) => result.status === "failed").length;
  const errors = run.results.filter((result) => result.status === "error").length;
  const skipped = run.summary.total - run.results.length;
  const suite = `${agentName} (version ${run.agent_version})`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="agent tests" tests="${run.summary.total}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${seconds(time)}">`,
    `  <testsuite name="${escape(suite)}" tests="${run.summary.total}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${seconds(time)}" timestamp="${escape(run.started_at ?? run.created_at)}">`,
    `    <properties><property name="run_id" value="${escape(run.id)}"/><property name="agent_id" value="${escape(run.agent_id)}"/><property name="agent_version" value="${run.agent_version}"/><property name="status" value="${escape(run.status)}"/></properties>`,
  ];
  for (const result of run.results) {
    const name = run.repeat > 1 ? `${result.test_name} #${result.repetition}` : result.test_name;
    lines.push(`    <testcase name="${escape(name)}" classname="${escape(`agent-tests.${agentName}`)}" time="${seconds(result.duration_ms)}">`);
    const failed = result.assertions.filter((assertion) => !assertion.passed);
    if (result.status === "error") {
      lines.push(`      <error message="${escape(result.error ?? "error")}" type="error">${escape(result.error ?? "")}</error>`);
    } else if (result.status === "failed") {
      const body = failed.map((assertion) => `${describeAssertion(assertion)}\n  ${assertion.reason}`).join("\n");
      lines.push(`      <failure message="${escape(failed[0] ? describeAssertion(failed[0]) : "failed")}" type="assertion">${escape(body)}</failure>`);
    }
    const transcript = result.transcript.map((entry) => `${entry.role}: ${entry.content}`).join("\n");
    if (transcript) lines.push(`      <system-out>${escape(transcript)}</system-out>`);
    lines.push("    </testcase>");
  }
  for (const test of run.tests) {
    for (let repetition = 1; repetition <= test.repetitions; repetition++) {
      if (run.results.some((result) => result.test_id === test.test_id && result.repetition === repetition)) continue;
      const name = run.repeat > 1 ? `${test.test_name} #${repetition}` : test.test_name;
      lines.push(`    <testcase name="${escape(name)}" classname="${escape(`agent-tests.${agentName}`)}" time="0"><skipped message="${escape(`not run: the run is ${run.status}`)}"/></testcase>`);
    }
  }
  lines.push("  </testsuite>", "</testsuites>", "");
  return lines.join("\n");
}
