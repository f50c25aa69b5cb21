// A real TypeScript-SDK stdio upstream: tool `pay(amount)` appends each run (with _meta) to $UPLOG.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import fs from "fs";
const LOG = process.env.UPLOG || "/tmp/attack30/upts.log";
const s = new McpServer({ name: "up", version: "1" });
s.tool("pay", { amount: z.number().int() }, async ({ amount }, extra) => {
  fs.appendFileSync(LOG, `RAN pay amount=${amount} meta=${JSON.stringify(extra._meta ?? null)}\n`);
  return { content: [{ type: "text", text: `paid ${amount}` }] };
});
await s.connect(new StdioServerTransport());
