// A real MCP server written with the official TypeScript SDK (`@modelcontextprotocol/sdk`, McpServer) that records
// every tool call it actually runs: one JSON line per execution in the file named by the RECORD environment
// variable. The same tools as py_recorder.py: `pay(amount, to, delay_ms=0)` and `echo(text)`.
//
// Usage: node ts_recorder.cjs            (stdio)
//        node ts_recorder.cjs --http P   (Streamable HTTP on 127.0.0.1:P, path /mcp, one session per initialize)
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
function record(tool, args) {
  fs.appendFileSync(RECORD, JSON.stringify({ sdk: "typescript", tool, arguments: args }) + "\n");
}

function newServer() {
  const server = new McpServer({ name: "ts-recorder", version: "1.0.0" });
  server.tool("pay", "Send a payment.", { amount: z.number(), to: z.string(), delay_ms: z.number().optional() },
    async ({ amount, to, delay_ms }) => {
      if (delay_ms) await new Promise((r) => setTimeout(r, delay_ms));
      record("pay", { amount, to });
      return { content: [{ type: "text", text: `paid ${amount} to ${to}` }] };
    });
  server.tool("echo", "Echo a text.", { text: z.string() }, async ({ text }) => {
    record("echo", { text });
    return { content: [{ type: "text", text }] };
  });
  return server;
}

async function main() {
  const args = process.argv.slice(2);
  if (args[0] !== "--http") {
    await newServer().connect(new StdioServerTransport());
    return;
  }
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
        enableJsonResponse: true,
        onsessioninitialized: (id) => transports.set(id, transport),
      });
      await newServer().connect(transport);
    }
    await transport.handleRequest(req, res, body);
  });
  httpServer.listen(Number(args[1]), "127.0.0.1", () => console.error(`ts-recorder listening on ${args[1]}`));
}
main().catch((e) => { console.error(e); process.exit(1); });
