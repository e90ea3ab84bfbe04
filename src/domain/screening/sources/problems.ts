import { MAX_PROBLEMS, type SourceProblem } from './model';

/** Problems (or warnings) of one parse, the first MAX_PROBLEMS kept and the rest counted. */
export class ProblemList {
  private readonly kept: SourceProblem[] = [];
  private more = 0;

  add(problem: SourceProblem): void {
    if (this.kept.length < MAX_PROBLEMS) this.kept.push(problem);
    else this.more += 1;
  }

  get any(): boolean {
    return this.kept.length > 0;
  }

  /** The problems, with one line at the end saying how many more there were. */
  list(): SourceProblem[] {
    if (this.more === 0) return [...this.kept];
    const last = this.kept[this.kept.length - 1];
    return [...this.kept, { file: last.file, reason: `and ${this.more} more like these` }];
  }
}
