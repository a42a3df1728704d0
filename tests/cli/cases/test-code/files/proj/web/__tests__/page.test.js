function handler(req) {
  return eval(req.query.code);
}
module.exports = handler;
