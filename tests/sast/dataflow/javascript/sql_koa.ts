import Koa from 'koa';
import Router from '@koa/router';
import bodyParser from 'koa-bodyparser';
import knexFactory, { Knex } from 'knex';
import { Sequelize, QueryTypes } from 'sequelize';

const knex: Knex = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL });
const sequelize = new Sequelize(process.env.DATABASE_URL as string, { logging: false });

const app = new Koa();
const router = new Router();

interface ReviewBody {
  bookId: string;
  rating?: string;
}

// knex.raw

router.get('/books', async (ctx) => {
  const author = ctx.query.author as string;
  // expect: CWE-89
  const result = await knex.raw(`SELECT id, title FROM books WHERE author = '${author}'`);
  ctx.body = result.rows;
});

router.get('/books/by-author', async (ctx) => {
  const author = ctx.query.author as string;
  // ok: CWE-89
  const result = await knex.raw('SELECT id, title FROM books WHERE author = ?', [author]);
  ctx.body = result.rows;
});

// sequelize.query

router.post('/reviews/list', async (ctx) => {
  const body = ctx.request.body as ReviewBody;
  const sql = 'SELECT id, rating, text FROM reviews WHERE book_id = ' + body.bookId;
  // expect: CWE-89
  const reviews = await sequelize.query(sql, { type: QueryTypes.SELECT });
  ctx.body = reviews;
});

router.post('/reviews/summary', async (ctx) => {
  const body = ctx.request.body as ReviewBody;
  const sql = 'SELECT id, rating, text FROM reviews WHERE book_id = :bookId';
  // ok: CWE-89
  const reviews = await sequelize.query(sql, { replacements: { bookId: body.bookId }, type: QueryTypes.SELECT });
  ctx.body = reviews;
});

// Dead branch

router.get('/shelves/:shelf', async (ctx) => {
  let where = 'archived = false';
  if (ctx.params.shelf) {
    where = `shelf = '${ctx.params.shelf}'`;
  }
  // expect: CWE-89
  const result = await knex.raw('SELECT id, title FROM books WHERE ' + where);
  ctx.body = result.rows;
});

router.get('/shelves/:shelf/all', async (ctx) => {
  let where = 'archived = false';
  if (false) {
    where = `shelf = '${ctx.params.shelf}'`;
  }
  // ok: CWE-89
  const result = await knex.raw('SELECT id, title FROM books WHERE ' + where);
  ctx.body = result.rows;
});

// Overwritten variable

router.get('/editions', async (ctx) => {
  let isbn = ctx.query.isbn as string;
  const sql = "SELECT * FROM editions WHERE isbn = '" + isbn + "'";
  // expect: CWE-89
  const editions = await sequelize.query(sql, { type: QueryTypes.SELECT });
  ctx.body = editions;
});

router.get('/editions/first', async (ctx) => {
  let isbn = ctx.query.isbn as string;
  isbn = '9780262033848';
  const sql = "SELECT * FROM editions WHERE isbn = '" + isbn + "'";
  // ok: CWE-89
  const editions = await sequelize.query(sql, { type: QueryTypes.SELECT });
  ctx.body = editions;
});

app.use(bodyParser());
app.use(router.routes());
app.listen(3001);
