// Keeps stdout for protocol messages only (the sidecar's JSON-RPC, `hookd acp`'s ACP lines): anything that calls
// console.log, info or debug lands on stderr. Owns nothing else.
export function keepStdoutForProtocol(): void {
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
}
