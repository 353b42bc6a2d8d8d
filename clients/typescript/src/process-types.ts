// The shapes of a child process, its streams and an AbortSignal as this client's public types see them: structural,
// so that the published .d.ts never mentions Node's types and consumers need no @types/node. Types only.

/** The readable end of a pipe (a child's stdout or stderr): Node's `Readable` fits. */
export interface HookdReadable {
  on(event: 'data', listener: (chunk: any) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  off(event: string, listener: (...args: any[]) => void): unknown;
  setEncoding(encoding: 'utf8'): unknown;
}

/** The writable end of a pipe (a child's stdin): Node's `Writable` fits. */
export interface HookdWritable {
  readonly destroyed: boolean;
  readonly writableEnded: boolean;
  write(chunk: string): unknown;
  write(chunk: string, encoding: 'utf8', callback: (error?: Error | null) => void): unknown;
  end(): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

/** A running hookd: Node's `ChildProcess` fits (stdio may be absent when not piped). */
export interface HookdChildProcess {
  readonly pid?: number | undefined;
  readonly exitCode: number | null;
  readonly signalCode: string | null;
  readonly stdin: HookdWritable | null;
  readonly stdout: HookdReadable | null;
  readonly stderr: HookdReadable | null;
  kill(signal?: any): boolean;
  on(event: 'error', listener: (error: Error) => void): unknown;
  once(event: 'exit', listener: (code: number | null, signal: any) => void): unknown;
}

/** A hookd spawned with piped stdio (what `spawnHookdProcess` returns): Node's `ChildProcessWithoutNullStreams` fits. */
export interface HookdSpawnedProcess extends HookdChildProcess {
  readonly stdin: HookdWritable;
  readonly stdout: HookdReadable;
  readonly stderr: HookdReadable;
}

/** The part of an AbortSignal this client uses. */
export interface HookdAbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** The environment's own AbortSignal type when it has one (lib.dom, @types/node), else the structural shape above. */
export type HookdAbortSignal = typeof globalThis extends { AbortSignal: { prototype: infer Signal } } ? Signal : HookdAbortSignalLike;
