import express, { Request, Response } from 'express';
import multer from 'multer';
import * as fs from 'fs';
import * as path from 'path';
import { FileStore, userDirectory, userDirectoryFlat } from './lib/storage';

const app = express();
app.use(express.json());
const upload = multer({ storage: multer.memoryStorage(), preservePath: true });

const UPLOAD_DIR = '/srv/app/uploads';
const REPORT_DIR = '/srv/app/reports';
const LOG_DIR = '/var/log/app';
const TEMPLATE_DIR = path.join(__dirname, 'templates');
const AVATAR_DIR = '/srv/app/avatars';
const TENANT_DIR = '/srv/app/tenants';
const DOCS_DIR = '/srv/app/docs';
const EXPORT_DIR = '/srv/app/exports';
const REPORTS = new Set(['daily.csv', 'weekly.csv', 'monthly.csv']);

const documents = new FileStore('/srv/app/documents');

// ---------------------------------------------------------------------------
// Two statements in one handler

app.get('/uploads/view', (req: Request, res: Response) => {
  const name = req.query.name as string;
  const filePath = path.join(UPLOAD_DIR, name);
  // expect: CWE-22
  fs.readFile(filePath, (err, data) => (err ? res.sendStatus(404) : res.json({ size: data.length, base64: data.toString('base64') })));
});

app.get('/uploads/show', (req: Request, res: Response) => {
  const name = req.query.name as string;
  const filePath = path.join(UPLOAD_DIR, path.basename(name));
  // ok: CWE-22
  fs.readFile(filePath, (err, data) => (err ? res.sendStatus(404) : res.json({ size: data.length, base64: data.toString('base64') })));
});

app.get('/public/:file', (req: Request, res: Response) => {
  const file = req.params.file;
  // expect: CWE-22
  res.sendFile(path.join(__dirname, 'public', file));
});

app.get('/assets/:file', (req: Request, res: Response) => {
  const file = req.params.file;
  // ok: CWE-22
  res.sendFile(path.join(__dirname, 'public', path.basename(file)));
});

app.get('/reports', (req: Request, res: Response) => {
  const report = String(req.query.report);
  // expect: CWE-22
  const csv = fs.readFileSync(path.join(REPORT_DIR, report), 'utf8');
  res.json({ rows: csv.split('\n').length });
});

app.get('/reports/summary', (req: Request, res: Response) => {
  const report = String(req.query.report);
  if (!REPORTS.has(report)) {
    res.sendStatus(404);
    return;
  }
  // ok: CWE-22
  const csv = fs.readFileSync(path.join(REPORT_DIR, report), 'utf8');
  res.json({ rows: csv.split('\n').length });
});

app.post('/exports/download', (req: Request, res: Response) => {
  let filename: string = req.body.filename;
  // expect: CWE-22
  res.download(path.join(EXPORT_DIR, filename));
});

app.post('/exports/latest', (req: Request, res: Response) => {
  let filename: string = req.body.filename;
  filename = 'latest.zip';
  // ok: CWE-22
  res.download(path.join(EXPORT_DIR, filename));
});

// ---------------------------------------------------------------------------
// Helper functions in this file

function avatarPath(user: string): string {
  return path.join(AVATAR_DIR, user);
}

function avatarPathFlat(user: string): string {
  return path.join(AVATAR_DIR, path.basename(user));
}

app.get('/avatars/:user', (req: Request, res: Response) => {
  const p = avatarPath(req.params.user);
  // expect: CWE-22
  fs.createReadStream(p).pipe(res);
});

app.get('/avatars/:user/small', (req: Request, res: Response) => {
  const p = avatarPathFlat(req.params.user);
  // ok: CWE-22
  fs.createReadStream(p).pipe(res);
});

function loadTemplate(name: string): string {
  // expect: CWE-22
  return fs.readFileSync(path.join(TEMPLATE_DIR, name), 'utf8');
}

function loadDefaultTemplate(name: string): string {
  // ok: CWE-22
  return fs.readFileSync(path.join(TEMPLATE_DIR, 'default.html'), 'utf8');
}

app.get('/templates/source', (req: Request, res: Response) => {
  res.json({ source: loadTemplate(req.query.tpl as string) });
});

app.get('/templates/default', (req: Request, res: Response) => {
  res.json({ source: loadDefaultTemplate(req.query.tpl as string) });
});

// ---------------------------------------------------------------------------
// Helpers in lib/storage.ts

app.get('/documents/:name', async (req: Request, res: Response) => {
  const data = await documents.read(req.params.name);
  res.json({ size: data.length });
});

app.get('/documents/:name/meta', async (req: Request, res: Response) => {
  const data = await documents.readContained(req.params.name);
  res.json({ size: data.length });
});

app.get('/profiles', (req: Request, res: Response) => {
  const dir = userDirectory(req.get('X-User') as string);
  // expect: CWE-22
  const profile = fs.readFileSync(path.join(dir, 'profile.json'), 'utf8');
  res.json(JSON.parse(profile));
});

app.get('/profiles/me', (req: Request, res: Response) => {
  const dir = userDirectoryFlat(req.get('X-User') as string);
  // ok: CWE-22
  const profile = fs.readFileSync(path.join(dir, 'profile.json'), 'utf8');
  res.json(JSON.parse(profile));
});

// ---------------------------------------------------------------------------
// Collections

app.post('/uploads', upload.single('file'), (req: Request, res: Response) => {
  const names = new Map<string, string>();
  names.set('original', req.file!.originalname);
  names.set('stored', `${Date.now()}.bin`);
  // expect: CWE-22
  fs.writeFileSync(path.join(UPLOAD_DIR, names.get('original') as string), req.file!.buffer);
  res.sendStatus(201);
});

app.post('/uploads/store', upload.single('file'), (req: Request, res: Response) => {
  const names = new Map<string, string>();
  names.set('original', req.file!.originalname);
  names.set('stored', `${Date.now()}.bin`);
  // ok: CWE-22
  fs.writeFileSync(path.join(UPLOAD_DIR, names.get('stored') as string), req.file!.buffer);
  res.sendStatus(201);
});

app.get('/logs/tail', (req: Request, res: Response) => {
  const candidates: string[] = ['app.log', req.query.file as string];
  // expect: CWE-22
  fs.createReadStream(path.join(LOG_DIR, candidates[1])).pipe(res);
});

app.get('/logs/current', (req: Request, res: Response) => {
  const candidates: string[] = ['app.log', req.query.file as string];
  // ok: CWE-22
  fs.createReadStream(path.join(LOG_DIR, candidates[0])).pipe(res);
});

// ---------------------------------------------------------------------------
// String builders

app.get('/tenants/:tenant/config', (req: Request, res: Response) => {
  const segments: string[] = [TENANT_DIR];
  segments.push(req.params.tenant);
  segments.push('config.json');
  // expect: CWE-22
  const config = fs.readFileSync(segments.join('/'), 'utf8');
  res.json(JSON.parse(config));
});

app.get('/tenants/:tenant/settings', (req: Request, res: Response) => {
  const segments: string[] = [TENANT_DIR];
  segments.push(String(parseInt(req.params.tenant, 10)));
  segments.push('config.json');
  // ok: CWE-22
  const config = fs.readFileSync(segments.join('/'), 'utf8');
  res.json(JSON.parse(config));
});

app.get('/docs', (req: Request, res: Response) => {
  const page = String(req.query.page);
  let docPath = DOCS_DIR;
  docPath += '/en';
  docPath += `/${page}`;
  // expect: CWE-22
  fs.readFile(docPath, 'utf8', (err, text) => (err ? res.sendStatus(404) : res.json({ text })));
});

app.get('/docs/page', (req: Request, res: Response) => {
  const page = String(req.query.page);
  if (!/^[a-z0-9-]+\.md$/.test(page)) {
    res.sendStatus(400);
    return;
  }
  let docPath = DOCS_DIR;
  docPath += '/en';
  docPath += `/${page}`;
  // ok: CWE-22
  fs.readFile(docPath, 'utf8', (err, text) => (err ? res.sendStatus(404) : res.json({ text })));
});

// ---------------------------------------------------------------------------
// Ternaries

app.get('/logs/archive', (req: Request, res: Response) => {
  const file = req.query.archived ? (req.query.file as string) : 'current.log';
  // expect: CWE-22
  res.sendFile(path.join(LOG_DIR, file));
});

app.get('/logs/rotated', (req: Request, res: Response) => {
  const file = req.query.archived ? 'previous.log' : 'current.log';
  // ok: CWE-22
  res.sendFile(path.join(LOG_DIR, file));
});

app.listen(3003);
