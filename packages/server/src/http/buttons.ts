import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { buttonTree, type MenuNode, visibleTo } from '../routes/menu-model.ts';
import { ApiError } from './envelope.ts';
import { messagesOf } from './messages.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The button permission (a menu code of category 2) the caller's `menu/buttons` must hold, checked
     * after the access level: the console shows the button only with it, and the server refuses the call
     * without it (403), so a forced call gets what the hidden button implies.
     */
    button?: string;
  }
}

const say = messagesOf({ noButton: ['没有此操作的权限（{code}）', 'you may not do this ({code})'] } as const);

/** The button codes (menu category 2) the caller's roles see, as `menu/buttons` answers them. */
export async function buttonCodes(ctx: AppContext, request: FastifyRequest): Promise<Set<string>> {
  const auth = request.auth;
  if (!auth?.user) return new Set();
  const tree = buttonTree(await ctx.repos.menus.all(auth.user.tenant_id), (row) =>
    visibleTo(row, auth.roles, auth.isPlatformAdmin),
  );
  const codes = new Set<string>();
  const walk = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      if (node.category === 2) codes.add(node.code);
      if (node.children) walk(node.children);
    }
  };
  walk(tree);
  return codes;
}

/** Refuses the call (403 naming the code) unless the caller holds the button permission `code`. */
export async function requireButton(ctx: AppContext, request: FastifyRequest, code: string): Promise<void> {
  if (!(await buttonCodes(ctx, request)).has(code))
    throw new ApiError(403, say(request, 'noButton', { code }));
}
