/**
 * A quiz lecture: the questions as radio groups in one form (it works before scripts load),
 * the score the CMS gave the last hand-in, the best score and the attempts left.
 */
import { chakra } from '@chakra-ui/react';
import { Form, useNavigation } from '@remix-run/react';
import { useT } from '~/models/i18n';
import type { LecturePageCourse, QuizActionData, QuizView } from '~/models/lecture-pages/types';
import { LecturePanel, LectureShell, PrimaryButton } from './lecture-shell';

function QuizStatus({ quiz }: { quiz: QuizView }) {
  const t = useT();
  return (
    <chakra.div display="flex" flexWrap="wrap" columnGap="4" rowGap="1" fontSize="sm" color="fg.muted" mb="4" data-testid="quiz-status">
      <span>{t('quiz_questions_count', { count: quiz.questions.length })}</span>
      {quiz.passScore !== null ? <span>{t('learn_quiz_pass_score', { score: quiz.passScore })}</span> : null}
      <span>{quiz.attemptsLeft === null ? t('quiz_attempts_unlimited') : t('quiz_attempts_left', { count: quiz.attemptsLeft })}</span>
      {quiz.score !== null ? (
        <chakra.span fontWeight="600" color="fg" data-testid="quiz-best-score">
          {t('quiz_best_score', { score: quiz.score })}
        </chakra.span>
      ) : null}
    </chakra.div>
  );
}

function QuizResult({ result, passScore }: { result: NonNullable<QuizActionData['result']>; passScore: number | null }) {
  const t = useT();
  return (
    <chakra.div role="status" data-testid="quiz-result" mb="4" p="4" borderRadius="lg" bg={result.passed ? 'green.50' : 'orange.50'} color={result.passed ? 'green.800' : 'orange.800'}>
      <chakra.p fontWeight="700" fontSize="lg">
        {t('quiz_your_score', { score: result.score })}
      </chakra.p>
      <chakra.p>{result.passed ? t('quiz_passed') : t('quiz_not_passed', { score: passScore ?? 0 })}</chakra.p>
    </chakra.div>
  );
}

export function QuizPage({ course, quiz, actionData }: { course: LecturePageCourse; quiz: QuizView; actionData: QuizActionData | undefined }) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const canTry = quiz.attemptsLeft === null || quiz.attemptsLeft > 0;
  return (
    <LectureShell course={course} kindLabel={t('learn_kind_quiz')} title={quiz.name} testId="quiz-page">
      <QuizStatus quiz={quiz} />
      {actionData?.result ? <QuizResult result={actionData.result} passScore={quiz.passScore} /> : null}
      {actionData?.error ? (
        <chakra.p role="alert" data-testid="quiz-error" mb="4" p="3" borderRadius="lg" bg="red.50" color="red.800">
          {actionData.error}
        </chakra.p>
      ) : null}
      {quiz.questions.length === 0 ? (
        <LecturePanel>{t('quiz_no_questions')}</LecturePanel>
      ) : !canTry ? (
        <LecturePanel data-testid="quiz-closed">{t('error_quiz_no_attempts_left')}</LecturePanel>
      ) : (
        <Form method="post" key={quiz.attempts}>
          <chakra.div display="grid" gap="4">
            {quiz.questions.map((question) => (
              <LecturePanel key={question.index} asChild>
                <fieldset data-testid="quiz-question">
                  <chakra.legend fontWeight="700" float="left" w="full" mb="3" overflowWrap="anywhere">
                    <chakra.span display="block" fontSize="sm" color="brand">
                      {t('quiz_question_number', { n: question.index + 1 })}
                    </chakra.span>
                    {question.question}
                  </chakra.legend>
                  <chakra.div display="grid" gap="2" clear="both">
                    {question.choices.map((choice, choiceIndex) => (
                      <chakra.label
                        key={choiceIndex}
                        display="flex"
                        gap="3"
                        alignItems="flex-start"
                        px="3"
                        py="2.5"
                        borderWidth="1px"
                        borderColor="border"
                        borderRadius="lg"
                        cursor="pointer"
                        _hover={{ bg: 'bg.muted' }}
                      >
                        <chakra.input type="radio" name={`q${question.index}`} value={choiceIndex} required={quiz.requireAllAnswers} mt="1" accentColor="brand" />
                        <chakra.span overflowWrap="anywhere">{choice}</chakra.span>
                      </chakra.label>
                    ))}
                  </chakra.div>
                </fieldset>
              </LecturePanel>
            ))}
          </chakra.div>
          <chakra.div mt="5">
            <PrimaryButton type="submit" disabled={busy} w={{ base: 'full', md: 'auto' }}>
              {quiz.attempts > 0 ? t('quiz_retry') : t('quiz_submit')}
            </PrimaryButton>
          </chakra.div>
        </Form>
      )}
    </LectureShell>
  );
}
