import { Delete, Get, HttpError, Patch, Post, Put, SetHeader, SetStatus } from '@moostjs/event-http';
import { useSetCookies } from '@wooksjs/event-http';
import { Controller, Inject, Param } from 'moost';
import { PRIORITIES, TASK_STATUSES, USER } from '../../suites/saas/contract.js';
import type { SaasStore, User } from '../_lib/saas-store.js';
import { BearerAuth, CurrentUser, SessionAuth, STORE } from './saas.auth.js';
import { ValidBody, nonEmpty, oneOf } from './saas.validation.js';

// Wooks (under Moost) defaults POST and PUT to 201 and PATCH to 202, so routes answering 200
// say so with @SetStatus; a handler returning nothing answers 204.

@Controller()
export class PublicController {
  constructor(@Inject(STORE) private readonly store: SaasStore) {}

  @Get('api/status')
  status() {
    return { status: 'ok' };
  }

  @Post('auth/login')
  @SetStatus(200)
  async login(@ValidBody(() => true) body: { email?: unknown; password?: unknown }) {
    const session = await this.store.login(body.email, body.password);
    if (!session) throw new HttpError(401, 'unauthorized');
    useSetCookies().setCookie('sid', session, { path: '/', httpOnly: true, sameSite: 'Lax' });
    // store.login answers only the session id; the one user it can log in is the contract's.
    return { user: { id: USER.id, name: USER.name } };
  }

  @Post('auth/logout')
  logout() {
    useSetCookies().setCookie('sid', '', { path: '/', maxAge: 0 });
  }

  @Get('assets/*')
  @SetHeader('cache-control', 'public, max-age=31536000, immutable')
  asset(@Param('*') asset: string) {
    return { asset };
  }

  @Get('docs/*')
  doc(@Param('*') doc: string) {
    return { doc };
  }
}

@BearerAuth
@Controller('api/v1')
export class ApiController {
  constructor(@Inject(STORE) private readonly store: SaasStore) {}

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
  @SetStatus(200)
  renameProject(@Param('projectId') id: string, @ValidBody((b) => nonEmpty(b.name)) body: { name: string }) {
    return { id, name: body.name };
  }

  @Get('projects/:projectId/tasks')
  tasks(@Param('projectId') projectId: string) {
    return { projectId, tasks: [] };
  }

  @Post('projects/:projectId/tasks')
  createTask(
    @Param('projectId') projectId: string,
    @ValidBody((b) => nonEmpty(b.title) && oneOf(PRIORITIES, b.priority)) body: { title: string; priority: string },
  ) {
    return { projectId, title: body.title, priority: body.priority, status: 'open' };
  }

  @Delete('projects/:projectId/tasks/:taskId')
  deleteTask() {}

  @Get('settings/notifications/preferences/email')
  @SetHeader('cache-control', 'private, max-age=60')
  emailPreferences() {
    return { email: { digest: 'daily', mentions: true } };
  }

  @Get('users/:userId')
  userById(@Param('userId') id: string) {
    return { id };
  }
}

@SessionAuth
@Controller('app')
export class AppController {
  constructor(@Inject(STORE) private readonly store: SaasStore) {}

  @Get('dashboard')
  dashboard(@CurrentUser() user: User) {
    return { user: user.id, widgets: 3 };
  }

  // A param ends at '/' or '-' in Wooks' router, so the '.json' suffix needs the param's regex.
  @Get('projects/:projectId([^/]+).json')
  async project(@Param('projectId') id: string) {
    return { id, name: await this.store.projectName(id) };
  }

  @Get('projects/:projectId/tasks/:taskId')
  task(@Param('projectId') projectId: string, @Param('taskId') taskId: string) {
    return { projectId, taskId };
  }

  @Put('projects/:projectId/tasks/:taskId')
  @SetStatus(200)
  updateTask(
    @Param('projectId') projectId: string,
    @Param('taskId') taskId: string,
    @ValidBody((b) => oneOf(TASK_STATUSES, b.status)) body: { status: string },
  ) {
    return { projectId, taskId, status: body.status };
  }

  @Post('projects/:projectId/comments')
  comment(@Param('projectId') projectId: string, @ValidBody((b) => nonEmpty(b.text)) body: { text: string }) {
    return { projectId, text: body.text };
  }

  // Wooks' default limit for an uncompressed body (10 MB; 1 MB compressed) holds the ~100 KB import.
  @Post('projects/:projectId/import')
  @SetStatus(200)
  import(@Param('projectId') projectId: string, @ValidBody((b) => Array.isArray(b.tasks)) body: { tasks: unknown[] }) {
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
