/**
 * Questions and comments under the course: the list for everyone; a signed-in student
 * posts through the route action (intent=comment), a visitor is offered the login modal.
 */
import { useFetcher } from '@remix-run/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { SignedInStudent } from '~/models/checkout/types';
import { useLocale, useT } from '~/models/i18n';
import { formatDate } from './format';
import type { CommentsView, CommentView } from '~/models/course/types';

const AuthModal = lazy(() => import('~/components/checkout/auth-modal'));

function Comment({ comment }: { comment: Omit<CommentView, 'replies'> }) {
  const locale = useLocale();
  return (
    <>
      <p className="comment-meta">
        <span className="comment-author">{comment.author}</span>
        {comment.createdAt ? ` · ${formatDate(comment.createdAt, locale)}` : null}
      </p>
      <p className="comment-text">{comment.comment}</p>
    </>
  );
}

type CommentFetcherData = { intent: 'comment'; ok?: boolean; lastResult: { status?: 'success' | 'error'; error?: Record<string, string[] | null> | null } };

/**
 * A student's reply under a comment (parentId). The box opens from a <details> toggle, so it
 * also works before scripts load; with scripts it posts through its own fetcher.
 */
function ReplyBox({ comment }: { comment: Omit<CommentView, 'replies'> }) {
  const t = useT();
  const fetcher = useFetcher<CommentFetcherData>();
  const formRef = useRef<HTMLFormElement>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const result = fetcher.data?.intent === 'comment' ? fetcher.data.lastResult : null;
  const error =
    result?.status === 'error'
      ? Object.values(result.error ?? {})
          .flat()
          .filter(Boolean)[0]
      : null;
  const id = `comment-reply-${comment.id}`;

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.intent === 'comment' && fetcher.data.ok) {
      formRef.current?.reset();
      if (detailsRef.current) detailsRef.current.open = false;
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <details ref={detailsRef} className="comment-reply" data-testid="comment-reply">
      <summary>{t('comment_reply')}</summary>
      <fetcher.Form method="post" ref={formRef} aria-label={t('comment_reply_label', { name: comment.author })}>
        <input type="hidden" name="intent" value="comment" />
        <input type="hidden" name="parentId" value={comment.id} />
        <label htmlFor={id} className="comment-label comment-label-sm">
          {t('comment_reply_label', { name: comment.author })}
        </label>
        <textarea
          id={id}
          className="comment-textarea comment-textarea-sm"
          name="comment"
          required
          maxLength={2000}
          rows={2}
          placeholder={t('comment_reply_placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className="comment-error">
            {error}
          </p>
        ) : null}
        <div className="comment-actions">
          <button className="comment-submit" type="submit" disabled={fetcher.state !== 'idle'}>
            {t('comment_reply_submit')}
          </button>
        </div>
      </fetcher.Form>
    </details>
  );
}

export function CourseComments({ comments, student }: { comments: CommentsView | null; student: SignedInStudent | null }) {
  const t = useT();
  const fetcher = useFetcher<CommentFetcherData>();
  const formRef = useRef<HTMLFormElement>(null);
  const [authOpen, setAuthOpen] = useState(false);
  const result = fetcher.data?.intent === 'comment' ? fetcher.data.lastResult : null;
  const error =
    result?.status === 'error'
      ? Object.values(result.error ?? {})
          .flat()
          .filter(Boolean)[0]
      : null;

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.intent === 'comment' && fetcher.data.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);

  return (
    <div data-testid="course-comments">
      {student ? (
        <fetcher.Form method="post" ref={formRef} aria-label={t('course_question_comment')}>
          <input type="hidden" name="intent" value="comment" />
          <label htmlFor="course-comment" className="comment-label">
            {t('comment_label')}
          </label>
          <textarea
            id="course-comment"
            className="comment-textarea"
            name="comment"
            required
            maxLength={2000}
            rows={3}
            placeholder={t('comment_placeholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'course-comment-error' : undefined}
          />
          {error ? (
            <p id="course-comment-error" className="comment-error">
              {error}
            </p>
          ) : null}
          <div className="comment-actions">
            <button className="comment-submit" type="submit" disabled={fetcher.state !== 'idle'}>
              {t('comment_submit')}
            </button>
          </div>
        </fetcher.Form>
      ) : (
        <p className="course-muted">
          {t('comment_login_required')}{' '}
          <button className="comment-link-button" type="button" onClick={() => setAuthOpen(true)}>
            {t('nav_login')}
          </button>
        </p>
      )}
      {comments && comments.list.length > 0 ? (
        <ul className="comment-list" data-testid="course-comment-list">
          {comments.list.map((comment) => (
            <li key={comment.id} className="comment-item">
              <Comment comment={comment} />
              {student ? <ReplyBox comment={comment} /> : null}
              {comment.replies.length > 0 ? (
                <ul className="comment-replies">
                  {comment.replies.map((reply) => (
                    <li key={reply.id} className="comment-reply-item" data-testid="comment-reply-item">
                      <Comment comment={reply} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="comment-empty">{t('comment_empty')}</p>
      )}
      {authOpen ? (
        <Suspense fallback={null}>
          <AuthModal open={authOpen} onOpenChange={setAuthOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
