import { BadRequestException, Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { PRIORITIES, TASK_STATUSES } from '../../suites/saas/contract.js';

// DTO classes with hand-written checks: class-validator is not installed, so each DTO says
// what a valid body is and DtoValidationPipe (global, like Nest's ValidationPipe) asks it.
type Fields = Record<string, unknown>;
const nonEmpty = (v: unknown) => typeof v === 'string' && v.length > 0;
const oneOf = (values: readonly string[], v: unknown) => values.includes(v as string);

export class LoginDto {
  email?: unknown;
  password?: unknown;
  static isValid = () => true; // wrong or missing credentials are the store's 401
}

export class RenameProjectDto {
  name!: string;
  static isValid = (b: Fields) => nonEmpty(b.name);
}

export class CreateTaskDto {
  title!: string;
  priority!: (typeof PRIORITIES)[number];
  static isValid = (b: Fields) => nonEmpty(b.title) && oneOf(PRIORITIES, b.priority);
}

export class UpdateTaskDto {
  status!: (typeof TASK_STATUSES)[number];
  static isValid = (b: Fields) => oneOf(TASK_STATUSES, b.status);
}

export class CreateCommentDto {
  text!: string;
  static isValid = (b: Fields) => nonEmpty(b.text);
}

export class ImportTasksDto {
  tasks!: unknown[];
  static isValid = (b: Fields) => Array.isArray(b.tasks);
}

type Validated = { isValid(body: Fields): boolean };
const hasCheck = (metatype: unknown): metatype is Validated =>
  typeof (metatype as Partial<Validated> | undefined)?.isValid === 'function';

/** Validates every @Body() whose declared type is one of the DTOs above: 400 when invalid. */
@Injectable()
export class DtoValidationPipe implements PipeTransform {
  transform(value: unknown, { type, metatype }: ArgumentMetadata): unknown {
    if (type !== 'body' || !hasCheck(metatype)) return value;
    if (typeof value !== 'object' || value === null || !metatype.isValid(value as Fields)) {
      throw new BadRequestException('invalid body');
    }
    return value;
  }
}
