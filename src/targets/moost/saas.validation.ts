import { Body, HttpError } from '@moostjs/event-http';
import { ApplyDecorators, Pipe, TPipePriority, definePipeFn } from 'moost';

type Fields = Record<string, unknown>;

/**
 * The JSON body, checked by a VALIDATE-priority pipe (no schema library): @Body() answers 400
 * for malformed JSON, the pipe answers 400 for invalid fields.
 */
export const ValidBody = (check: (body: Fields) => boolean) =>
  ApplyDecorators(
    Body(),
    Pipe(
      definePipeFn((body) => {
        if (typeof body !== 'object' || body === null || !check(body as Fields))
          throw new HttpError(400, 'invalid body');
        return body;
      }, TPipePriority.VALIDATE),
    ),
  );

export const nonEmpty = (v: unknown): boolean => typeof v === 'string' && v.length > 0;
export const oneOf = (values: readonly string[], v: unknown): boolean => values.includes(v as string);
