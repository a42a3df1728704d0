import { Router, Request, Response } from "express";
import { exec, execFile, spawn } from "child_process";
import * as vm from "vm";
import * as fs from "fs";
import * as path from "path";
import axios from "axios";
import ejs from "ejs";
import Handlebars from "handlebars";

export const admin = Router();

const REPORT_TEMPLATE = fs.readFileSync(path.join(__dirname, "templates", "report.ejs"), "utf8");
const GIT_STATUS = "git status --porcelain";
const ALLOWED_HOSTS = new Set(["status.example.com", "metrics.example.com"]);

admin.post("/diagnostics/ping", (req: Request, res: Response) => {
  const host = String(req.body.host);
  // expect: js.child-process-exec-injection
  exec(`ping -c 3 ${host}`, (err, stdout) => {
    res.type("text/plain").send(err ? "ping failed" : stdout);
  });
});

admin.post("/diagnostics/ping2", (req: Request, res: Response) => {
  // ok: js.child-process-exec-injection
  execFile("ping", ["-c", "3", String(req.body.host)], (err, stdout) => {
    res.type("text/plain").send(err ? "ping failed" : stdout);
  });
});

admin.get("/diagnostics/git", (_req: Request, res: Response) => {
  // ok: js.child-process-exec-injection
  exec(GIT_STATUS, (err, stdout) => res.type("text/plain").send(stdout));
});

admin.post("/convert", (req: Request, res: Response) => {
  const { input, width } = req.body;
  // expect: js.child-process-shell-option
  const proc = spawn("convert", [input, "-resize", width, "out.png"], { shell: true });
  proc.on("close", (code) => res.json({ code }));
});

admin.post("/build", (_req: Request, res: Response) => {
  // ok: js.child-process-shell-option
  const proc = spawn("npm", ["run", "build"], { shell: true, cwd: "/srv/app" });
  proc.on("close", (code) => res.json({ code }));
});

admin.post("/rules/evaluate", (req: Request, res: Response) => {
  const sandbox = { order: req.body.order, result: false };
  // expect: js.vm-code-injection
  vm.runInNewContext(req.body.rule, sandbox, { timeout: 50 });
  res.json({ matched: sandbox.result });
});

admin.post("/calc", (req: Request, res: Response) => {
  // expect: js.eval-injection
  const value = eval(req.body.expression as string);
  res.json({ value });
});

admin.get("/filters/:field", (req: Request, res: Response) => {
  // expect: js.function-constructor-injection
  const predicate = new Function("row", "return row." + req.params.field + " != null");
  // ok: js.function-constructor-injection
  const identity = new Function("row", "return row");
  res.json({ ok: typeof predicate === "function" && typeof identity === "function" });
});

admin.post("/reports/render", (req: Request, res: Response) => {
  // ok: js.template-engine-injection
  const html = ejs.render(REPORT_TEMPLATE, { title: req.body.title, rows: req.body.rows });
  res.send(html);
});

admin.post("/reports/custom", (req: Request, res: Response) => {
  // expect: js.template-engine-injection
  const compiled = Handlebars.compile(req.body.layout);
  res.send(compiled({ user: req.user }));
});

admin.get("/proxy/status", async (req: Request, res: Response) => {
  const target = req.query.url as string;
  // expect: js.ssrf-request-url
  const upstream = await axios.get(target, { timeout: 2000 });
  res.json(upstream.data);
});

admin.get("/proxy/status2", async (req: Request, res: Response) => {
  const url = new URL(String(req.query.url));
  if (url.protocol !== "https:" || !ALLOWED_HOSTS.has(url.hostname)) {
    return res.status(400).json({ error: "host not allowed" });
  }
  // ok: js.ssrf-request-url
  const upstream = await axios.get(`https://status.example.com/api/${encodeURIComponent(url.pathname)}`);
  res.json(upstream.data);
});

admin.get("/users/:id/card", async (req: Request, res: Response) => {
  // ok: js.ssrf-request-url
  const r = await fetch(`https://profiles.internal.example.com/cards/${req.params.id}`);
  res.json(await r.json());
});

admin.get("/logs", (req: Request, res: Response) => {
  const name = path.basename(String(req.query.file));
  // ok: js.fs-path-from-request
  fs.readFile(path.join("/var/log/app", name), "utf8", (err, text) => {
    res.type("text/plain").send(err ? "" : text);
  });
});
