/**
 * Questions and comments under the course: the list for everyone; a signed-in student
 * posts through the route action (intent=comment), a visitor is offered the login modal.
 */
import { chakra } from '@chakra-ui/react';
import { useFetcher } from '@remix-run/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { SignedInStudent } from '~/components/checkout/types';
import { useLocale, useT } from '~/lib/i18n';
import { formatDate } from './format';
import type { CommentsView, CommentView } from './types';

const AuthModal = lazy(() => import('~/components/checkout/auth-modal'));

const Item = chakra('li', { base: { py: '4', '& + &': { borderTopWidth: '1px', borderColor: 'border' } } });
const Replies = chakra('ul', { base: { listStyle: 'none', mt: '3', ml: { base: '3', md: '6' }, pl: '4', borderLeftWidth: '2px', borderColor: 'border' } });
const SubmitButton = chakra('button', {
  base: { h: '10', px: '4', borderRadius: 'md', bg: 'brand', color: 'white', fontWeight: '600', cursor: 'pointer', _disabled: { opacity: 0.6, cursor: 'not-allowed' } },
});
const LinkButton = chakra('button', { base: { color: 'brand', fontWeight: '600', textDecoration: 'underline', cursor: 'pointer' } });

function Comment({ comment }: { comment: Omit<CommentView, 'replies'> }) {
  const locale = useLocale();
  return (
    <>
      <chakra.p fontSize="sm" color="fg.muted">
        <chakra.span fontWeight="600" color="fg">
          {comment.author}
        </chakra.span>
        {comment.createdAt ? ` · ${formatDate(comment.createdAt, locale)}` : null}
      </chakra.p>
      <chakra.p mt="1" whiteSpace="pre-line" overflowWrap="anywhere">
        {comment.comment}
      </chakra.p>
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
  const error = result?.status === 'error' ? Object.values(result.error ?? {}).flat().filter(Boolean)[0] : null;
  const id = `comment-reply-${comment.id}`;

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.intent === 'comment' && fetcher.data.ok) {
      formRef.current?.reset();
      if (detailsRef.current) detailsRef.current.open = false;
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <chakra.details ref={detailsRef} mt="2" data-testid="comment-reply">
      <chakra.summary display="inline-block" cursor="pointer" color="brand" fontSize="sm" fontWeight="600" listStyle="none" _marker={{ display: 'none' }}>
        {t('comment_reply')}
      </chakra.summary>
      <fetcher.Form method="post" ref={formRef} aria-label={t('comment_reply_label', { name: comment.author })}>
        <input type="hidden" name="intent" value="comment" />
        <input type="hidden" name="parentId" value={comment.id} />
        <chakra.label htmlFor={id} display="block" fontSize="sm" fontWeight="600" mt="2" mb="1">
          {t('comment_reply_label', { name: comment.author })}
        </chakra.label>
        <chakra.textarea
          id={id}
          name="comment"
          required
          maxLength={2000}
          rows={2}
          w="full"
          p="2"
          borderWidth="1px"
          borderColor={error ? 'red.500' : 'border'}
          borderRadius="md"
          placeholder={t('comment_reply_placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <chakra.p id={`${id}-error`} color="red.600" fontSize="sm" mt="1">
            {error}
          </chakra.p>
        ) : null}
        <chakra.div mt="2" display="flex" justifyContent="flex-end">
          <SubmitButton type="submit" disabled={fetcher.state !== 'idle'}>
            {t('comment_reply_submit')}
          </SubmitButton>
        </chakra.div>
      </fetcher.Form>
    </chakra.details>
  );
}

export function CourseComments({ comments, student }: { comments: CommentsView | null; student: SignedInStudent | null }) {
  const t = useT();
  const fetcher = useFetcher<CommentFetcherData>();
  const formRef = useRef<HTMLFormElement>(null);
  const [authOpen, setAuthOpen] = useState(false);
  const result = fetcher.data?.intent === 'comment' ? fetcher.data.lastResult : null;
  const error = result?.status === 'error' ? Object.values(result.error ?? {}).flat().filter(Boolean)[0] : null;

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.intent === 'comment' && fetcher.data.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);

  return (
    <div data-testid="course-comments">
      {student ? (
        <fetcher.Form method="post" ref={formRef} aria-label={t('course_question_comment')}>
          <input type="hidden" name="intent" value="comment" />
          <chakra.label htmlFor="course-comment" display="block" fontWeight="600" mb="2">
            {t('comment_label')}
          </chakra.label>
          <chakra.textarea
            id="course-comment"
            name="comment"
            required
            maxLength={2000}
            rows={3}
            w="full"
            p="3"
            borderWidth="1px"
            borderColor={error ? 'red.500' : 'border'}
            borderRadius="md"
            placeholder={t('comment_placeholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'course-comment-error' : undefined}
          />
          {error ? (
            <chakra.p id="course-comment-error" color="red.600" fontSize="sm" mt="1">
              {error}
            </chakra.p>
          ) : null}
          <chakra.div mt="2" display="flex" justifyContent="flex-end">
            <SubmitButton type="submit" disabled={fetcher.state !== 'idle'}>
              {t('comment_submit')}
            </SubmitButton>
          </chakra.div>
        </fetcher.Form>
      ) : (
        <chakra.p color="fg.muted">
          {t('comment_login_required')}{' '}
          <LinkButton type="button" onClick={() => setAuthOpen(true)}>
            {t('nav_login')}
          </LinkButton>
        </chakra.p>
      )}
      {comments && comments.list.length > 0 ? (
        <chakra.ul listStyle="none" mt="4" data-testid="course-comment-list">
          {comments.list.map((comment) => (
            <Item key={comment.id}>
              <Comment comment={comment} />
              {student ? <ReplyBox comment={comment} /> : null}
              {comment.replies.length > 0 ? (
                <Replies>
                  {comment.replies.map((reply) => (
                    <chakra.li key={reply.id} py="2" data-testid="comment-reply-item">
                      <Comment comment={reply} />
                    </chakra.li>
                  ))}
                </Replies>
              ) : null}
            </Item>
          ))}
        </chakra.ul>
      ) : (
        <chakra.p mt="4" color="fg.muted">
          {t('comment_empty')}
        </chakra.p>
      )}
      {authOpen ? (
        <Suspense fallback={null}>
          <AuthModal open={authOpen} onOpenChange={setAuthOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
