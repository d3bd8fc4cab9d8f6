import type { FastifyReply } from 'fastify';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Serialises this reply with `JSON.stringify` instead of the route's zod response encode. For
 * hot routes whose presenter already builds the response schema's shape in the schema's key
 * order, so the bytes are what the encode would write: the encode copies every object of a
 * 50-record page again (about a tenth of a records page's server time). The route keeps its
 * response schema for the OpenAPI document; its tests compare the bytes with the schema's.
 */
export function replyWithPlainJson(reply: FastifyReply): FastifyReply {
  return reply.type(JSON_TYPE).serializer((payload: unknown) => JSON.stringify(payload));
}

/**
 * Sends JSON text already encoded (a kept answer): no serializer runs. The route's response
 * schema still describes it for the OpenAPI document; its tests compare the bytes with it.
 */
export function sendJsonBytes(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type(JSON_TYPE).send(body);
}
