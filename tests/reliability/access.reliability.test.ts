/**
 * What one student may reach, on one CMS booted once for the file: another student's
 * records through every private call (scenarios/cross-student.ts) and hostile uploads
 * (scenarios/hostile-uploads.ts).
 */
import { describe } from 'vitest';
import { sharedCms } from './support/cms';
import { crossStudent } from './scenarios/cross-student';
import { hostileUploads } from './scenarios/hostile-uploads';

const cms = sharedCms();

describe('cross-student', () => crossStudent(cms));
describe('hostile uploads', () => hostileUploads(cms));
