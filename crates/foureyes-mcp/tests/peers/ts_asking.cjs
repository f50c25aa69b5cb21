// A real MCP server written with the official TypeScript SDK (`@modelcontextprotocol/sdk`, McpServer) whose tools
// ask the client for input while they run, then act on it: the amount of a payment comes from the client's answer,
// not from the arguments the proxy decided (the TypeScript twin of py_asking.py). It records every payment it
// actually makes: one JSON line in the file named by RECORD.
//
// Tools: `pay_asking(to)` asks for the amount with `elicitation/create`, `pay_sampling(to)` asks the client's model
// with `sampling/createMessage`; both send their request as part of the call (`relatedRequestId`), so over
// Streamable HTTP it rides the call's SSE stream.
//
// Usage: node ts_asking.cjs                    (stdio)
//        node ts_asking.cjs --http P [--resume] (Streamable HTTP on 127.0.0.1:P, path /mcp, SSE responses;
//                                                --resume keeps every event in memory for `Last-Event-ID`)
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

function newServer() {
  const server = new McpServer({ name: "ts-asking", version: "1.0.0" });
  server.tool("pay_asking", "Send a payment; the amount is asked for (after delay_ms).",
    { to: z.string(), delay_ms: z.number().optional() }, async ({ to, delay_ms }, extra) => {
    if (delay_ms) await new Promise((r) => setTimeout(r, delay_ms));
    const answer = await server.server.elicitInput(
      { mode: "form", message: "How much should be paid?",
        requestedSchema: { type: "object", properties: { amount: { type: "number" } }, required: ["amount"] } },
      { relatedRequestId: extra.requestId });
    if (answer.action !== "accept") return { content: [{ type: "text", text: `not paid (${answer.action})` }] };
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

async function main() {
  const args = process.argv.slice(2);
  if (args[0] !== "--http") {
    await newServer().connect(new StdioServerTransport());
    return;
  }
  const resume = args.includes("--resume");
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
        eventStore: resume ? new MemoryEvents() : undefined,
        onsessioninitialized: (id) => transports.set(id, transport),
      });
      await newServer().connect(transport);
    }
    await transport.handleRequest(req, res, body);
  });
  httpServer.listen(Number(args[1]), "127.0.0.1", () => console.error(`ts-asking listening on ${args[1]}`));
}
main().catch((e) => { console.error(e); process.exit(1); });
