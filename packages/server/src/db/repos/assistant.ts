import type { Db } from '../database.ts';

export interface AssistantSessionRow {
  session_id: string;
  tenant_id: string;
  user_id: number;
  persona: string;
  create_time: string;
}

export interface AssistantAnswerRow {
  chat_id: string;
  session_id: string;
  tenant_id: string;
  user_id: number;
  query_id: string;
  question: string;
  answer: string;
  /** 0 streaming, 1 answered, -2 failed or stopped. */
  status: number;
  /** 1 like, 0 dislike, null not rated. */
  praise: number | null;
  comment: string | null;
  create_time: string;
}

/** The assistant's chat sessions (one user each) and its answers with their praise and feedback. */
export function assistantRepo(db: Db) {
  return {
    insertSession(row: AssistantSessionRow): void {
      db.prepare(
        `INSERT INTO assistant_sessions (session_id, tenant_id, user_id, persona, create_time)
         VALUES (@session_id, @tenant_id, @user_id, @persona, @create_time)`,
      ).run(row);
    },
    session(sessionId: string): AssistantSessionRow | undefined {
      return db.prepare('SELECT * FROM assistant_sessions WHERE session_id = ?').get(sessionId) as
        | AssistantSessionRow
        | undefined;
    },
    insertAnswer(row: Omit<AssistantAnswerRow, 'answer' | 'status' | 'praise' | 'comment'>): void {
      db.prepare(
        `INSERT INTO assistant_answers (chat_id, session_id, tenant_id, user_id, query_id, question, create_time)
         VALUES (@chat_id, @session_id, @tenant_id, @user_id, @query_id, @question, @create_time)`,
      ).run(row);
    },
    finishAnswer(chatId: string, answer: string, status: number): void {
      db.prepare('UPDATE assistant_answers SET answer = ?, status = ? WHERE chat_id = ?').run(
        answer,
        status,
        chatId,
      );
    },
    /** The caller's answer (another user's answer does not exist for the caller). */
    answer(tenantId: string, userId: number, chatId: string): AssistantAnswerRow | undefined {
      return db
        .prepare('SELECT * FROM assistant_answers WHERE tenant_id = ? AND user_id = ? AND chat_id = ?')
        .get(tenantId, userId, chatId) as AssistantAnswerRow | undefined;
    },
    praise(chatId: string, praise: number): void {
      db.prepare('UPDATE assistant_answers SET praise = ? WHERE chat_id = ?').run(praise, chatId);
    },
    comment(chatId: string, comment: string): void {
      db.prepare('UPDATE assistant_answers SET comment = ?, praise = 0 WHERE chat_id = ?').run(
        comment,
        chatId,
      );
    },
  };
}

export type AssistantRepo = ReturnType<typeof assistantRepo>;
