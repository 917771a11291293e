import Type from 'typebox';
import { NullableInteger, Timestamp } from '../../api/schemas';

/** Counts of one group of answers and its NPS (null when the group has no answers). */
const npsFigureProperties = {
  count: Type.Integer(),
  promoters: Type.Integer(),
  passives: Type.Integer(),
  detractors: Type.Integer(),
  /** % promoters minus % detractors, rounded to a whole number (halves away from zero); null: no answers. */
  nps: NullableInteger(),
};
export const NpsFiguresSchema = Type.Object(npsFigureProperties);
export type NpsFigures = Type.Static<typeof NpsFiguresSchema>;

/** A branch's or seller's figures; id null: answers without branch/seller. */
const NpsGroupSchema = Type.Object({ ...npsFigureProperties, id: NullableInteger(), name: Type.String() });

/** What nps/statisticsv2 answers for a period and filters. */
export const NpsStatisticsSchema = Type.Object({
  overall: NpsFiguresSchema,
  /** Every month of the period (YYYY-MM), also those without answers. */
  months: Type.Array(Type.Object({ ...npsFigureProperties, month: Type.String() })),
  /** Ranked by NPS (best first), groups without answers last. */
  branches: Type.Array(NpsGroupSchema),
  sellers: Type.Array(NpsGroupSchema),
  /** Scores 0 to 10, each with its number of answers. */
  distribution: Type.Array(Type.Object({ score: Type.Integer(), count: Type.Integer() })),
  /** The newest comments of detractors (0-6). */
  detractorComments: Type.Array(
    Type.Object({
      id: Type.Integer(),
      answeredAt: Timestamp(),
      score: Type.Integer(),
      comment: Type.String(),
      customerId: Type.Integer(),
      customerName: Type.String(),
    }),
  ),
});
export type NpsStatistics = Type.Static<typeof NpsStatisticsSchema>;
