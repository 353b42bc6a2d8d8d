// A minimal ACP editor for docs/acp-real-agent/check.sh: spawns an agent (here: hookd acp in front of it), drives
// initialize -> session/new -> session/prompt, and serves the agent's requests (permission: allow once, fs, terminal).
// Usage: node acp-client.mjs <transcript.jsonl> <cwd> <prompt> -- <agent cmd> [args...]
import { spawn } from "node:child_process";
import fs from "node:fs";
import readline from "node:readline";

const [transcriptPath, cwd, promptText, dashdash, cmd, ...args] = process.argv.slice(2);
if (dashdash !== "--" || !cmd) { console.error("usage"); process.exit(2); }
fs.mkdirSync(cwd, { recursive: true });
const out = fs.createWriteStream(transcriptPath);
const t0 = Date.now();
const seen = {};
function log(dir, msg) {
  const line = JSON.stringify({ t: Date.now() - t0, dir, msg });
  out.write(line + "\n");
  const key = msg.method ?? (msg.id !== undefined ? "response" : "?");
  seen[`${dir} ${key}`] = (seen[`${dir} ${key}`] ?? 0) + 1;
  console.log(`${dir} ${line.length > 600 ? line.slice(0, 600) + "…" : line}`);
}

const agent = spawn(cmd, args, { stdio: ["pipe", "pipe", "pipe"], env: process.env });
const errLog = fs.createWriteStream(transcriptPath + ".stderr");
agent.stderr.pipe(errLog);
agent.on("exit", (c, s) => { console.log(`agent exited code=${c} sig=${s}`); });

let nextId = 1;
const pending = new Map();
function send(msg) { log(">>", msg); agent.stdin.write(JSON.stringify(msg) + "\n"); }
function request(method, params) {
  const id = nextId++;
  send({ jsonrpc: "2.0", id, method, params });
  return new Promise((res, rej) => pending.set(id, { res, rej }));
}

const terminals = new Map();
let termSeq = 0;
async function handleClientRequest(method, params) {
  switch (method) {
    case "session/request_permission": {
      const opts = params.options ?? [];
      const o = opts.find(o => o.kind === "allow_once") ?? opts.find(o => o.kind?.startsWith("allow")) ?? opts[0];
      return { outcome: { outcome: "selected", optionId: o.optionId } };
    }
    case "fs/read_text_file": {
      let text = fs.readFileSync(params.path, "utf8");
      if (params.line || params.limit) {
        const lines = text.split("\n");
        const s = (params.line ?? 1) - 1;
        text = lines.slice(s, params.limit ? s + params.limit : undefined).join("\n");
      }
      return { content: text };
    }
    case "fs/write_text_file":
      fs.writeFileSync(params.path, params.content);
      return null;
    case "terminal/create": {
      const id = `term-${++termSeq}`;
      const env = { ...process.env };
      for (const e of params.env ?? []) env[e.name] = e.value;
      const p = params.args?.length
        ? spawn(params.command, params.args, { cwd: params.cwd ?? cwd, env })
        : spawn("/bin/sh", ["-c", params.command], { cwd: params.cwd ?? cwd, env });
      const t = { output: "", exit: null, waiters: [] , limit: params.outputByteLimit };
      const add = d => { t.output += d.toString(); if (t.limit && t.output.length > t.limit) t.output = t.output.slice(-t.limit); };
      p.stdout.on("data", add); p.stderr.on("data", add);
      p.on("close", (code, signal) => { t.exit = { exitCode: code, signal }; t.waiters.forEach(w => w(t.exit)); });
      t.proc = p;
      terminals.set(id, t);
      return { terminalId: id };
    }
    case "terminal/output": {
      const t = terminals.get(params.terminalId);
      return { output: t.output, truncated: false, exitStatus: t.exit };
    }
    case "terminal/wait_for_exit": {
      const t = terminals.get(params.terminalId);
      return t.exit ?? await new Promise(r => t.waiters.push(r));
    }
    case "terminal/kill": terminals.get(params.terminalId)?.proc.kill(); return null;
    case "terminal/release": { const t = terminals.get(params.terminalId); if (t && !t.exit) t.proc.kill(); terminals.delete(params.terminalId); return null; }
    default: throw Object.assign(new Error("method not found: " + method), { code: -32601 });
  }
}

readline.createInterface({ input: agent.stdout }).on("line", async line => {
  if (!line.trim()) return;
  let msg;
  try { msg = JSON.parse(line); } catch { console.log("NON-JSON from agent:", line); return; }
  log("<<", msg);
  if (msg.method && msg.id !== undefined) {
    try {
      const result = await handleClientRequest(msg.method, msg.params);
      send({ jsonrpc: "2.0", id: msg.id, result });
    } catch (e) {
      send({ jsonrpc: "2.0", id: msg.id, error: { code: e.code ?? -32603, message: String(e.message) } });
    }
  } else if (msg.id !== undefined && pending.has(msg.id)) {
    const p = pending.get(msg.id); pending.delete(msg.id);
    msg.error ? p.rej(msg.error) : p.res(msg.result);
  }
});

const timeout = setTimeout(() => { console.log("TIMEOUT"); finish(3); }, Number(process.env.ACP_TIMEOUT_MS ?? 180000));
function finish(code) {
  clearTimeout(timeout);
  console.log("SUMMARY", JSON.stringify(seen, null, 1));
  out.end();
  agent.kill();
  setTimeout(() => process.exit(code), 300);
}

try {
  const init = await request("initialize", {
    protocolVersion: 1,
    clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: true },
    clientInfo: { name: "acp-real-test", version: "0.0.1" },
  });
  const sess = await request("session/new", { cwd, mcpServers: [] });
  const res = await request("session/prompt", { sessionId: sess.sessionId, prompt: [{ type: "text", text: promptText }] });
  console.log("PROMPT RESULT", JSON.stringify(res));
  finish(res?.stopReason === "end_turn" ? 0 : 1);
} catch (e) {
  console.log("ERROR", JSON.stringify(e));
  finish(1);
}
