import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names, at the end of a run, every test that passed only when run again (CI retries once), so a
 * flaky test is seen and fixed rather than hidden by the retry.
 */
export default class RetriedTestsReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const retries = testCase.diagnostic()?.retryCount ?? 0;
    if (retries > 0 && testCase.result().state === 'passed') this.retried.push(`${testCase.module.moduleId} > ${testCase.fullName} (retried ${retries}×)`);
  }

  onTestRunEnd(): void {
    if (this.retried.length === 0) return;
    console.log(`\nFlaky: ${this.retried.length} test(s) passed only on a retry:\n${this.retried.map((name) => `  ${name}`).join('\n')}\n`);
  }
}
