const fastify = require("fastify")({ logger: true });
const { answer } = require("./answer");

fastify.post("/t/:tenant/ask", async (request) => answer(request.params.tenant, String(request.body.question)));

fastify.listen({ port: 8080, host: "127.0.0.1" });
