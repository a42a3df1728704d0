import Koa, { Context } from 'koa';
import Router from '@koa/router';
import bodyParser from 'koa-bodyparser';
import session from 'koa-session';
import escapeHtml from 'escape-html';
import * as libxmljs from 'libxmljs';

const app = new Koa();
app.keys = [process.env.COOKIE_KEY as string];
const router = new Router();

const SAMPLE_FEED = '<?xml version="1.0"?><feed><entry><title>Welcome</title></entry></feed>';

function localPath(target: string | undefined): string {
  return typeof target === 'string' && /^\/(?![\/\\])/.test(target) ? target : '/';
}

// CWE-79

router.get('/koa/title', async (ctx: Context) => {
  const title = ctx.query.title as string;
  ctx.type = 'html';
  // expect: CWE-79
  ctx.body = `<html><body><h1>${title}</h1></body></html>`;
});

router.get('/koa/title/escaped', async (ctx: Context) => {
  const title = ctx.query.title as string;
  ctx.type = 'html';
  // ok: CWE-79
  ctx.body = `<html><body><h1>${escapeHtml(title)}</h1></body></html>`;
});

router.get('/koa/orders/:id/shipped', async (ctx: Context) => {
  const id = ctx.params.id;
  ctx.type = 'text/html';
  // expect: CWE-79
  ctx.body = '<p>Order ' + id + ' has shipped.</p>';
});

router.get('/koa/orders/:id/delivered', async (ctx: Context) => {
  const id = Number(ctx.params.id);
  ctx.type = 'text/html';
  // ok: CWE-79
  ctx.body = '<p>Order ' + id + ' has shipped.</p>';
});

// CWE-601

router.get('/koa/continue', async (ctx: Context) => {
  const target = ctx.query.url as string;
  // expect: CWE-601
  ctx.redirect(target);
});

router.get('/koa/continue/local', async (ctx: Context) => {
  const target = localPath(ctx.query.url as string);
  // ok: CWE-601
  ctx.redirect(target);
});

// CWE-501

router.get('/koa/remember', async (ctx: Context) => {
  const q = { returnTo: ctx.query.returnTo as string, fallback: '/' };
  // expect: CWE-501
  ctx.session!.returnTo = q.returnTo;
  ctx.status = 204;
});

router.get('/koa/remember/home', async (ctx: Context) => {
  const q = { returnTo: ctx.query.returnTo as string, fallback: '/' };
  // ok: CWE-501
  ctx.session!.returnTo = q.fallback;
  ctx.status = 204;
});

// CWE-611

router.post('/koa/feed', async (ctx: Context) => {
  let xml: string = SAMPLE_FEED;
  if (ctx.request.rawBody) {
    xml = ctx.request.rawBody;
  }
  // expect: CWE-611
  const doc = libxmljs.parseXml(xml, { noent: true });
  ctx.body = { entries: doc.find('//entry').length };
});

router.post('/koa/feed/sample', async (ctx: Context) => {
  let xml: string = SAMPLE_FEED;
  if (false) {
    xml = ctx.request.rawBody;
  }
  // ok: CWE-611
  const doc = libxmljs.parseXml(xml, { noent: true });
  ctx.body = { entries: doc.find('//entry').length };
});

app.use(session(app));
app.use(bodyParser({ enableTypes: ['json', 'form', 'text', 'xml'] }));
app.use(router.routes());
app.listen(3009);
