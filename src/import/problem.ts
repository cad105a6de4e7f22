/** A file that cannot be imported, with the one-line reason shown to the player. */
export class ImportProblem extends Error {
  constructor(readonly problem: string) {
    super(problem);
    this.name = 'ImportProblem';
  }
}
