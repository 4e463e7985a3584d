import { type Db, sql } from '../database.ts';

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
    async insertSession(row: AssistantSessionRow): Promise<void> {
      await db.run(sql`
        INSERT INTO assistant_sessions (session_id, tenant_id, user_id, persona, create_time)
        VALUES (${row.session_id}, ${row.tenant_id}, ${row.user_id}, ${row.persona}, ${row.create_time})`);
    },
    session(sessionId: string): Promise<AssistantSessionRow | undefined> {
      return db.get<AssistantSessionRow>(
        sql`SELECT * FROM assistant_sessions WHERE session_id = ${sessionId}`,
      );
    },
    async insertAnswer(
      row: Omit<AssistantAnswerRow, 'answer' | 'status' | 'praise' | 'comment'>,
    ): Promise<void> {
      await db.run(sql`
        INSERT INTO assistant_answers (chat_id, session_id, tenant_id, user_id, query_id, question, create_time)
        VALUES (${row.chat_id}, ${row.session_id}, ${row.tenant_id}, ${row.user_id}, ${row.query_id},
                ${row.question}, ${row.create_time})`);
    },
    /** Answers still running that started before `before` (a `create_time`): their instance stopped. */
    staleAnswers(before: string): Promise<AssistantAnswerRow[]> {
      return db.all<AssistantAnswerRow>(
        sql`SELECT * FROM assistant_answers WHERE status = 0 AND create_time < ${before} ORDER BY create_time`,
      );
    },
    /** Marks a running answer stopped (-2); false when it was finished meanwhile. */
    async stopStale(chatId: string): Promise<boolean> {
      return (
        (await db.run(
          sql`UPDATE assistant_answers SET status = -2 WHERE chat_id = ${chatId} AND status = 0`,
        )) > 0
      );
    },
    async finishAnswer(chatId: string, answer: string, status: number): Promise<void> {
      await db.run(
        sql`UPDATE assistant_answers SET answer = ${answer}, status = ${status} WHERE chat_id = ${chatId}`,
      );
    },
    /** The caller's answer (another user's answer does not exist for the caller). */
    answer(tenantId: string, userId: number, chatId: string): Promise<AssistantAnswerRow | undefined> {
      return db.get<AssistantAnswerRow>(
        sql`SELECT * FROM assistant_answers WHERE tenant_id = ${tenantId} AND user_id = ${userId} AND chat_id = ${chatId}`,
      );
    },
    async praise(chatId: string, praise: number): Promise<void> {
      await db.run(sql`UPDATE assistant_answers SET praise = ${praise} WHERE chat_id = ${chatId}`);
    },
    async comment(chatId: string, comment: string): Promise<void> {
      await db.run(
        sql`UPDATE assistant_answers SET comment = ${comment}, praise = 0 WHERE chat_id = ${chatId}`,
      );
    },
  };
}

export type AssistantRepo = ReturnType<typeof assistantRepo>;
