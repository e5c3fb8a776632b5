// A line per finished test file with how many are done ("12/51 files, 3 min 5 s"), beside
// Vitest's own report, so a long run shows it is moving (CI's log included, where Vitest's live
// summary is not drawn).
import type { Reporter, TestModule, TestSpecification } from "vitest/node";

export default class ProgressReporter implements Reporter {
  private total = 0;
  private done = 0;
  private started = Date.now();

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>) {
    this.total = specifications.length;
    this.done = 0;
    this.started = Date.now();
  }

  onTestModuleEnd(testModule: TestModule) {
    this.done++;
    const seconds = Math.round((Date.now() - this.started) / 1000);
    const elapsed = seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
    const state = testModule.state() === "failed" ? "failed" : "done";
    const file = testModule.project.config.root
      ? testModule.moduleId.replace(`${testModule.project.config.root}/`, "")
      : testModule.moduleId;
    const own = (testModule.diagnostic().duration / 1000).toFixed(1);
    console.log(`  [${this.done}/${this.total} files, ${elapsed}] ${state}: ${file} (${own} s)`);
  }
}
