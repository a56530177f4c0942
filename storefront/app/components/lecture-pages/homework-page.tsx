/** A homework lecture: the instructions, the files the student handed in, and a form to hand in more (works before scripts load). */
import { chakra } from '@chakra-ui/react';
import { Form, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { formatDate } from '~/components/course/format';
import { Markdown } from '~/components/course/markdown';
import { useLocale, useT } from '~/models/i18n';
import type { HomeworkActionData, HomeworkView, LecturePageCourse } from '~/models/lecture-pages/types';
import { LecturePanel, LectureShell, PrimaryButton } from './lecture-shell';

/** The hand-in form; a new one (choice cleared) after each hand-in. */
function HandInForm({ actionData }: { actionData: HomeworkActionData | undefined }) {
  const t = useT();
  const navigation = useNavigation();
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <LecturePanel asChild>
      <Form method="post" encType="multipart/form-data" data-testid="homework-form">
        {actionData?.ok ? (
          <chakra.p role="status" data-testid="homework-done" mb="3" p="3" borderRadius="lg" bg="green.50" color="green.800" fontWeight="600">
            {t('homework_submitted')}
          </chakra.p>
        ) : null}
        {actionData?.error ? (
          <chakra.p role="alert" data-testid="homework-error" mb="3" p="3" borderRadius="lg" bg="red.50" color="red.800">
            {actionData.error}
          </chakra.p>
        ) : null}
        <chakra.p id="homework-file-label" fontWeight="700" mb="1">
          {t('homework_upload_label')}
        </chakra.p>
        <chakra.p id="homework-file-hint" fontSize="sm" color="fg.muted" mb="2">
          {t('homework_upload_hint')}
        </chakra.p>
        {/* The browser's own file button speaks the browser's language; ours is the label, in the page's. */}
        <chakra.div display="flex" flexWrap="wrap" alignItems="center" gap="3">
          <chakra.label
            htmlFor="homework-file"
            display="inline-flex"
            alignItems="center"
            minH="10"
            px="4"
            borderWidth="1px"
            borderColor="brand"
            color="brand"
            borderRadius="lg"
            fontWeight="600"
            cursor="pointer"
            position="relative"
            _hover={{ bg: 'brandSubtle' }}
            _focusWithin={{ outline: '3px solid', outlineColor: 'teal.500' }}
          >
            {t('homework_pick_files')}
            <chakra.input
              id="homework-file"
              name="file"
              type="file"
              required
              multiple
              accept=".pdf,image/*"
              aria-labelledby="homework-file-label"
              aria-describedby="homework-file-hint"
              position="absolute"
              w="1px"
              h="1px"
              opacity="0"
              overflow="hidden"
              onChange={(event) => setChosen(Array.from(event.currentTarget.files ?? []).map((file) => file.name))}
            />
          </chakra.label>
          <chakra.span fontSize="sm" color="fg.muted" overflowWrap="anywhere" minW="0" data-testid="homework-chosen">
            {chosen.length > 0 ? chosen.join(', ') : t('homework_no_file')}
          </chakra.span>
        </chakra.div>
        <PrimaryButton type="submit" mt="4" disabled={navigation.state !== 'idle'} w={{ base: 'full', md: 'auto' }}>
          {t('homework_submit')}
        </PrimaryButton>
      </Form>
    </LecturePanel>
  );
}

export function HomeworkPage({ course, homework, actionData }: { course: LecturePageCourse; homework: HomeworkView; actionData: HomeworkActionData | undefined }) {
  const t = useT();
  const locale = useLocale();
  const files = homework.submissions.flatMap((submission) => submission.files.map((file) => ({ ...file, submittedAt: submission.submittedAt })));
  return (
    <LectureShell course={course} kindLabel={t('learn_kind_homework')} title={homework.name} testId="homework-page">
      <chakra.div display="grid" gap="4">
        {homework.instructions ? (
          <LecturePanel aria-labelledby="homework-instructions">
            <chakra.h2 id="homework-instructions" fontWeight="700" fontSize="lg" mb="2">
              {t('homework_instructions')}
            </chakra.h2>
            <Markdown source={homework.instructions} baseLevel={3} />
          </LecturePanel>
        ) : null}
        {files.length > 0 ? (
          <LecturePanel aria-labelledby="homework-submitted" data-testid="homework-submitted">
            <chakra.h2 id="homework-submitted" fontWeight="700" fontSize="lg" mb="2">
              {t('homework_submitted_files')}
            </chakra.h2>
            <chakra.ul listStyle="none" display="grid" gap="2">
              {files.map((file) => (
                <chakra.li key={file.name} display="flex" flexWrap="wrap" justifyContent="space-between" gap="2" fontSize="sm">
                  <chakra.span overflowWrap="anywhere">✓ {file.name}</chakra.span>
                  <chakra.span color="fg.muted">{formatDate(file.submittedAt, locale)}</chakra.span>
                </chakra.li>
              ))}
            </chakra.ul>
          </LecturePanel>
        ) : null}
        <HandInForm key={homework.submissions.length} actionData={actionData} />
      </chakra.div>
    </LectureShell>
  );
}
