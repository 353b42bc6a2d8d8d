// The error a CLI command throws for a mistake in how it was called: the CLI prints its message and exits 2.
// Its own module so that the CLI can know it without loading any command.
export class UsageError extends Error {}
