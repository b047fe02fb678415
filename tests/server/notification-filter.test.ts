import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { explainFilter, filterCatalogue, filterFields, targetingFilter, type FilterCondition } from '../../contract/notification.filter';
import { compileCondition, recipientCondition } from '../../server/src/modules/notifications/targeting';

const dialect = new PgDialect();
const render = (condition: FilterCondition) => dialect.sqlToQuery(compileCondition(condition));

describe('targeting filter schema', () => {
  it('takes conditions on whitelisted fields with the operators and values of each field', () => {
    const filter = [
      { field: 'trainedStatus', operator: 'in', value: ['trained', 'trainedWithoutDiploma'] },
      { field: 'age', operator: 'gte', value: 18 },
      { field: 'registeredAt', operator: 'lt', value: '2025-01-01' },
      { field: 'carriesAed', operator: 'eq', value: true },
      { field: 'phone', operator: 'startsWith', value: '+352' },
    ];
    expect(targetingFilter.safeParse(filter)).toMatchObject({ success: true, data: filter });
  });

  it('refuses anything else and says why, condition by condition', () => {
    expect(explainFilter('1=1; DROP TABLE responders')).toEqual([{ index: -1, problem: 'shape' }]);
    expect(explainFilter({ field: 'age' })).toEqual([{ index: -1, problem: 'shape' }]);
    expect(
      explainFilter([
        { field: 'age', operator: 'gte', value: 18 },
        { field: 'password_hash', operator: 'eq', value: 'x' },
        { field: 'email', operator: 'eq', value: 'a@b.c' },
        { field: 'gender', operator: 'eq', value: 'robot' },
        { field: 'age', operator: 'gte', value: 18, raw: 'TRUE' },
        'age > 3',
        { field: 'lastSeenAt', operator: 'gt', value: 'yesterday' },
      ]),
    ).toEqual([
      { index: 1, problem: 'field' },
      { index: 2, problem: 'operator' },
      { index: 3, problem: 'value' },
      { index: 4, problem: 'shape' },
      { index: 5, problem: 'shape' },
      { index: 6, problem: 'value' },
    ]);
    expect(explainFilter(Array.from({ length: 21 }, () => ({ field: 'age', operator: 'gte', value: 1 })))).toEqual([{ index: 20, problem: 'tooMany' }]);
    expect(targetingFilter.safeParse([{ field: 'age', operator: 'gte', value: 18 }, { field: 'password_hash', operator: 'eq', value: 'x' }]).success).toBe(false);
  });

  it('offers the SPA every field with its operators', () => {
    expect(Object.keys(filterCatalogue)).toEqual([...filterFields]);
    expect(filterCatalogue.age).toEqual(['eq', 'neq', 'lt', 'lte', 'gt', 'gte']);
    expect(filterCatalogue.phone).toEqual(['startsWith']);
  });
});

describe('compiled SQL', () => {
  it('puts every value in a parameter, never in the text', () => {
    const hostile = "x' OR '1'='1'; DROP TABLE responders; --";
    for (const operator of ['eq', 'neq', 'contains', 'startsWith', 'endsWith'] as const) {
      const query = render({ field: 'skill', operator, value: hostile });
      expect(query.sql).not.toContain('DROP');
      expect(query.params.join()).toContain('DROP TABLE');
    }
    expect(render({ field: 'os', operator: 'in', value: ['android', "ios'--"] })).toEqual({ sql: 'd.os = ANY($1::text[])', params: [['android', "ios'--"]], typings: expect.anything() });
  });

  it('escapes LIKE wildcards so that text matches literally', () => {
    expect(render({ field: 'email', operator: 'contains', value: '50%_off' }).params).toEqual(['%50\\%\\_off%']);
    expect(render({ field: 'phone', operator: 'startsWith', value: '+33 6' }).params).toEqual(['+336%']);
  });

  it('maps each field to its column and type', () => {
    expect(render({ field: 'age', operator: 'gte', value: 18 }).sql).toBe('r.age >= $1::int');
    expect(render({ field: 'registeredAt', operator: 'lt', value: '2025-01-01' }).sql).toBe('r.created_at < $1::timestamptz');
    expect(render({ field: 'gender', operator: 'notIn', value: ['male'] }).sql).toBe('(r.gender IS NULL OR NOT (r.gender = ANY($1::text[])))');
    expect(render({ field: 'buildVersion', operator: 'lt', value: 816 }).sql).toMatch(/d\.build_version ~ '\^\[0-9\]\{1,9\}\$'.*< \$1::int$/);
  });

  it('refuses a condition that bypassed the schema', () => {
    expect(() => compileCondition({ field: 'password_hash', operator: 'eq', value: 'x' } as never)).toThrow(/unknown filter field/);
    expect(() => compileCondition({ field: 'age', operator: 'OR', value: 1 } as never)).toThrow(/unknown filter operator/);
  });

  it('joins the targeting and the conditions with AND, a single send on its udid alone', () => {
    const scope = { siteIds: [4, 5], unassigned: false };
    const targeting = { idSite: 4, osDevice: 'ios', sendingType: 'multiple', udid: null, engagementLevel: 'regular', accountStatus: 'activated', phonePrefix: '+33', filter: [{ field: 'age', operator: 'gte', value: 18 }], language: 'fr', buildVersion: '816' } as const;
    const multiple = dialect.sqlToQuery(recipientCondition(targeting as never, scope));
    expect(multiple.sql).toContain('r.interventions_count >= 5');
    expect(multiple.params).toEqual([[4, 5], 'ios', 'activated', 'fr', '+33%', 816, 18]);
    const single = dialect.sqlToQuery(recipientCondition({ ...targeting, sendingType: 'single', udid: 'phone-1' } as never, scope));
    expect(single.params).toEqual([[4, 5], 'ios', 'phone-1']);
  });
});
