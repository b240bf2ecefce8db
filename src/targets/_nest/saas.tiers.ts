/**
 * The header-auth and cookie-auth tiers of the saas API, shared by nest-express and
 * nest-fastify: NestJS controllers do not depend on the HTTP adapter underneath.
 */
import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Put,
  UseGuards,
} from '@nestjs/common';
import type { SaasStore, User } from '../_lib/saas-store.js';
// Value imports, not `import type`: Nest's validation pipe reads these classes from decorator metadata.
import { CreateCommentDto, CreateTaskDto, ImportTasksDto, RenameProjectDto, UpdateTaskDto } from './saas.dto.js';
import { BearerAuthGuard, CurrentUser, SessionAuthGuard } from './saas.guards.js';
import { SAAS_STORE } from './saas.store.js';

@Controller('api/v1')
@UseGuards(BearerAuthGuard)
export class ApiController {
  constructor(@Inject(SAAS_STORE) private readonly store: SaasStore) {}

  @Get('me')
  me(@CurrentUser() user: User) {
    return user;
  }

  @Get('projects')
  projects() {
    return [
      { id: 'p1', name: 'Project p1' },
      { id: 'p2', name: 'Project p2' },
    ];
  }

  @Get('projects/:projectId')
  async project(@Param('projectId') id: string) {
    return { id, name: await this.store.projectName(id) };
  }

  @Patch('projects/:projectId')
  renameProject(@Param('projectId') id: string, @Body() body: RenameProjectDto) {
    return { id, name: body.name };
  }

  @Get('projects/:projectId/tasks')
  tasks(@Param('projectId') projectId: string) {
    return { projectId, tasks: [] };
  }

  @Post('projects/:projectId/tasks')
  createTask(@Param('projectId') projectId: string, @Body() body: CreateTaskDto) {
    return { projectId, title: body.title, priority: body.priority, status: 'open' };
  }

  @Delete('projects/:projectId/tasks/:taskId')
  @HttpCode(204)
  deleteTask() {}

  @Get('settings/notifications/preferences/email')
  @Header('Cache-Control', 'private, max-age=60')
  emailPreferences() {
    return { email: { digest: 'daily', mentions: true } };
  }

  @Get('users/:userId')
  userById(@Param('userId') id: string) {
    return { id };
  }
}

@Controller('app')
@UseGuards(SessionAuthGuard)
export class AppController {
  constructor(@Inject(SAAS_STORE) private readonly store: SaasStore) {}

  @Get('dashboard')
  dashboard(@CurrentUser() user: User) {
    return { user: user.id, widgets: 3 };
  }

  @Get('projects/:projectId.json')
  async project(@Param('projectId') id: string) {
    return { id, name: await this.store.projectName(id) };
  }

  @Get('projects/:projectId/tasks/:taskId')
  task(@Param('projectId') projectId: string, @Param('taskId') taskId: string) {
    return { projectId, taskId };
  }

  @Put('projects/:projectId/tasks/:taskId')
  updateTask(@Param('projectId') projectId: string, @Param('taskId') taskId: string, @Body() body: UpdateTaskDto) {
    return { projectId, taskId, status: body.status };
  }

  @Post('projects/:projectId/comments')
  comment(@Param('projectId') projectId: string, @Body() body: CreateCommentDto) {
    return { projectId, text: body.text };
  }

  @Post('projects/:projectId/import')
  @HttpCode(200)
  import(@Param('projectId') projectId: string, @Body() body: ImportTasksDto) {
    return { projectId, imported: body.tasks.length };
  }

  @Get('orgs/:orgId/teams/:teamId/projects/:projectId/tasks/:taskId')
  orgTask(
    @Param('orgId') orgId: string,
    @Param('teamId') teamId: string,
    @Param('projectId') projectId: string,
    @Param('taskId') taskId: string,
  ) {
    return { orgId, teamId, projectId, taskId };
  }
}
