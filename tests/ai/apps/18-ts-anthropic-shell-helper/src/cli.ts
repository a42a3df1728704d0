#!/usr/bin/env node
import "dotenv/config";
import Anthropic from "@anthropic-ai/sdk";
import { exec } from "node:child_process";
import { Command } from "commander";
import { review } from "./review.js";

const anthropic = new Anthropic();
const MODEL = process.env.ANTHROPIC_MODEL ?? "claude-3-5-haiku-20241022";

async function how(task: string, run: boolean): Promise<void> {
  const msg = await anthropic.messages.create({
    model: MODEL,
    max_tokens: 200,
    system: "Reply with exactly one POSIX shell command and nothing else.",
    messages: [{ role: "user", content: task }],
  });
  const block = msg.content[0];
  const cmd = block.type === "text" ? block.text.trim() : "";
  console.log(cmd);
  if (run) {
    exec(cmd, (err, stdout, stderr) => process.stdout.write(err ? stderr : stdout));
  }
}

const program = new Command("how");
program.argument("<task...>").option("--run", "run the command").action((task: string[], o) => how(task.join(" "), !!o.run));
program.command("review <file>").action(review);
program.parse();
