import { describe, expect, it } from 'vitest';
import { answersAll, publicQuestions, readQuestions, scoreQuiz } from './quiz';

const QUESTIONS = readQuestions([
  { question: 'หนึ่ง', choices: ['ก', 'ข'], answer: 0 },
  { question: 'สอง', choices: ['ก', 'ข', 'ค'], answer: 2 },
  { question: 'สาม', choices: ['ก', 'ข'], answer: 1 },
  { question: 'ตอบนอกตัวเลือก', choices: ['ก', 'ข'], answer: 5 },
  { question: '', choices: ['ก', 'ข'], answer: 0 },
  'not a question',
]);

describe('quiz scoring', () => {
  it('keeps only well-formed questions', () => {
    expect(QUESTIONS.map((question) => question.question)).toEqual(['หนึ่ง', 'สอง', 'สาม']);
  });

  it('shows the questions without their answers', () => {
    expect(publicQuestions(QUESTIONS)[1]).toEqual({ index: 1, question: 'สอง', choices: ['ก', 'ข', 'ค'] });
    expect(JSON.stringify(publicQuestions(QUESTIONS))).not.toContain('answer');
  });

  it.each([
    // 3 of 3 = 100
    [[0, 2, 1], 100],
    // 2 of 3 = 66.67, rounded to 67
    [[0, 2, 0], 67],
    // 1 of 3 = 33.33, rounded to 33
    [[0, null, 0], 33],
    // a choice outside the question counts as wrong: 0 of 3
    [[9, 9, 9], 0],
  ])('answers %j score %i', (answers, score) => {
    expect(scoreQuiz(QUESTIONS, answers as (number | null)[]).score).toBe(score);
  });

  it('tells a blank answer apart', () => {
    expect(answersAll(QUESTIONS, [0, 1, 1])).toBe(true);
    expect(answersAll(QUESTIONS, [0, null, 1])).toBe(false);
    expect(answersAll(QUESTIONS, [0, 1])).toBe(false);
  });
});
