// A real MCP server written with the official TypeScript SDK (`@modelcontextprotocol/sdk`, McpServer) whose tools
// ask the client for input while they run, then act on it: the amount of a payment comes from the client's answer,
// not from the arguments the proxy decided (the TypeScript twin of py_asking.py). It records every payment it
// actually makes: one JSON line in the file named by RECORD.
//
// Tools: `pay_asking_aside(to, delay_ms)` asks like `pay_asking` but after `delay_ms` and on the session's standalone
// stream (no `relatedRequestId`); `pay_asking(to)` asks for the amount with `elicitation/create` (and records a line without an amount when
// the answer is not `accept`), `pay_sampling(to)` asks the client's model
// with `sampling/createMessage`; both send their request as part of the call (`relatedRequestId`), so over
// Streamable HTTP it rides the call's SSE stream. `pay_polling(to, delay_ms)` and `pay_to_root_polling(amount,
// delay_ms)` first close the call's SSE stream (SEP-1699 polling, `closeSSEStream`: the client is to resume it with
// `GET` + `Last-Event-ID` after the priming event's `retry`), then ask for the amount (`elicitation/create`) or the
// recipient (`roots/list`, the account named by the first root), both tied to the call, while the stream is closed.
//
// Usage: node ts_asking.cjs                    (stdio)
//        node ts_asking.cjs --http P [--resume] (Streamable HTTP on 127.0.0.1:P, path /mcp, SSE responses;
//                                                --resume keeps every event in memory for `Last-Event-ID`, with a
//                                                priming `retry: 200`)
//        node ts_asking.cjs --http P --json     (JSON responses, `enableJsonResponse`: nothing of a POST's answer,
//                                                not even its headers, is sent before the call's result)
//        node ts_asking.cjs --http P --resume --takeover  (the event store has no `getStreamIdForEventId`, which the
//                                                SDK allows: a `GET` with `Last-Event-ID` of a live stream then takes
//                                                it over, the SDK closing the connection that held it)
// MCP_NPM names the npm prefix the test peers are installed in (target/test-peers/mcp/npm).
"use strict";
const fs = require("fs");
const path = require("path");
const http = require("http");
const crypto = require("crypto");
const modules = path.join(process.env.MCP_NPM, "node_modules");
const sdk = (p) => require(path.join(modules, "@modelcontextprotocol/sdk/dist/cjs", p));
const { z } = require(path.join(modules, "zod"));
const { McpServer } = sdk("server/mcp.js");
const { StdioServerTransport } = sdk("server/stdio.js");
const { StreamableHTTPServerTransport } = sdk("server/streamableHttp.js");

const RECORD = process.env.RECORD;
function record(amount, to) {
  fs.appendFileSync(RECORD, JSON.stringify({ sdk: "typescript", tool: "pay", arguments: { amount, to } }) + "\n");
}

// A polling tool's end without a payment, so that a test knows the tool is done.
function recordOutcome(tool, outcome) {
  fs.appendFileSync(RECORD, JSON.stringify({ sdk: "typescript", tool, outcome }) + "\n");
}

function newServer() {
  const server = new McpServer({ name: "ts-asking", version: "1.0.0" });
  server.tool("pay_asking", "Send a payment; the amount is asked for (after delay_ms).",
    { to: z.string(), delay_ms: z.number().optional() }, async ({ to, delay_ms }, extra) => {
    if (delay_ms) await new Promise((r) => setTimeout(r, delay_ms));
    const answer = await server.server.elicitInput(
      { mode: "form", message: "How much should be paid?",
        requestedSchema: { type: "object", properties: { amount: { type: "number" } }, required: ["amount"] } },
      { relatedRequestId: extra.requestId });
    if (answer.action !== "accept") {
      recordOutcome("pay_asking", answer.action);
      return { content: [{ type: "text", text: `not paid (${answer.action})` }] };
    }
    record(answer.content.amount, to);
    return { content: [{ type: "text", text: `paid ${answer.content.amount} to ${to}` }] };
  });
  server.tool("pay_asking_aside", "Send a payment; after delay_ms the amount is asked for on the standalone stream.",
    { to: z.string(), delay_ms: z.number().optional() }, async ({ to, delay_ms }) => {
    if (delay_ms) await new Promise((r) => setTimeout(r, delay_ms));
    // No `relatedRequestId`: the question rides the session's standalone GET stream, not the call's.
    const answer = await server.server.elicitInput(
      { mode: "form", message: "How much should be paid?",
        requestedSchema: { type: "object", properties: { amount: { type: "number" } }, required: ["amount"] } });
    if (answer.action !== "accept") {
      recordOutcome("pay_asking_aside", answer.action);
      return { content: [{ type: "text", text: `not paid (${answer.action})` }] };
    }
    record(answer.content.amount, to);
    return { content: [{ type: "text", text: `paid ${answer.content.amount} to ${to}` }] };
  });
  server.tool("pay_sampling", "Send a payment; the amount is asked of the client's model.", { to: z.string() },
    async ({ to }, extra) => {
      const result = await server.server.createMessage(
        { messages: [{ role: "user", content: { type: "text", text: "How much?" } }], maxTokens: 10 },
        { relatedRequestId: extra.requestId });
      const amount = Number(result.content.text);
      record(amount, to);
      return { content: [{ type: "text", text: `paid ${amount} to ${to}` }] };
    });
  server.tool("pay_polling", "Send a payment; the call's stream is closed first, then the amount is asked for.",
    { to: z.string(), delay_ms: z.number().optional() }, async ({ to, delay_ms }, extra) => {
    if (extra.closeSSEStream) extra.closeSSEStream();
    if (delay_ms) await new Promise((r) => setTimeout(r, delay_ms));
    const answer = await server.server.elicitInput(
      { mode: "form", message: "How much should be paid?",
        requestedSchema: { type: "object", properties: { amount: { type: "number" } }, required: ["amount"] } },
      { relatedRequestId: extra.requestId });
    if (answer.action !== "accept") {
      recordOutcome("pay_polling", answer.action);
      return { content: [{ type: "text", text: `not paid (${answer.action})` }] };
    }
    record(answer.content.amount, to);
    return { content: [{ type: "text", text: `paid ${answer.content.amount} to ${to}` }] };
  });
  server.tool("pay_to_root_polling", "Send a payment to the client's first root; the call's stream is closed first.",
    { amount: z.number(), delay_ms: z.number().optional() }, async ({ amount, delay_ms }, extra) => {
    if (extra.closeSSEStream) extra.closeSSEStream();
    if (delay_ms) await new Promise((r) => setTimeout(r, delay_ms));
    let roots;
    try {
      roots = await server.server.listRoots(undefined, { relatedRequestId: extra.requestId });
    } catch (e) {
      recordOutcome("pay_to_root_polling", `no roots: ${e.message}`);
      throw e;
    }
    const to = String(roots.roots[0].uri).replace(/\/+$/, "").split("/").pop();
    record(amount, to);
    return { content: [{ type: "text", text: `paid ${amount} to ${to}` }] };
  });
  return server;
}

/// Every event of every stream, kept for `Last-Event-ID` (the SDK's EventStore interface).
class MemoryEvents {
  constructor() { this.events = []; }
  async storeEvent(streamId, message) {
    const eventId = `${streamId}_${this.events.length + 1}_${crypto.randomUUID()}`;
    this.events.push({ eventId, streamId, message });
    return eventId;
  }
  async getStreamIdForEventId(eventId) {
    const found = this.events.find((e) => e.eventId === eventId);
    return found ? found.streamId : undefined;
  }
  async replayEventsAfter(lastEventId, { send }) {
    const at = this.events.findIndex((e) => e.eventId === lastEventId);
    if (at < 0) return "";
    const streamId = this.events[at].streamId;
    for (const e of this.events.slice(at + 1)) {
      if (e.streamId === streamId) await send(e.eventId, e.message);
    }
    return streamId;
  }
}

/// The same store without the optional `getStreamIdForEventId`: the SDK then skips its "stream already has an active
/// connection" check and hands a live stream to whoever resumes it.
class TakeoverEvents extends MemoryEvents {}
TakeoverEvents.prototype.getStreamIdForEventId = undefined;

async function main() {
  const args = process.argv.slice(2);
  if (args[0] !== "--http") {
    await newServer().connect(new StdioServerTransport());
    return;
  }
  const resume = args.includes("--resume");
  const takeover = args.includes("--takeover");
  const json = args.includes("--json");
  const transports = new Map();
  const httpServer = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const text = Buffer.concat(chunks).toString("utf8");
    let body;
    try { body = text ? JSON.parse(text) : undefined; } catch { body = undefined; }
    const sid = req.headers["mcp-session-id"];
    let transport = sid ? transports.get(sid) : undefined;
    if (!transport) {
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => crypto.randomUUID(),
        eventStore: resume ? (takeover ? new TakeoverEvents() : new MemoryEvents()) : undefined,
        retryInterval: resume ? 200 : undefined,
        enableJsonResponse: json,
        onsessioninitialized: (id) => transports.set(id, transport),
      });
      await newServer().connect(transport);
    }
    await transport.handleRequest(req, res, body);
  });
  httpServer.listen(Number(args[1]), "127.0.0.1", () => console.error(`ts-asking listening on ${args[1]}`));
}
main().catch((e) => { console.error(e); process.exit(1); });
