import { createHash, randomBytes } from 'node:crypto';

/** Days a survey link stays valid. */
export const SURVEY_VALID_DAYS = 30;

/** A new unguessable link token (256 random bits, URL-safe). */
export const newSurveyToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256, so a copy of the table cannot answer surveys. */
export const surveyTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
