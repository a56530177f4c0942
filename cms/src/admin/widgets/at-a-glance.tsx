/**
 * "ภาพรวมวันนี้" on the admin's home page (ADR 171): today's orders and revenue (Bangkok day),
 * transfer reports waiting for review, and seats left on courses that are nearly full. The
 * figures come from GET /sala-admin/at-a-glance, which leaves out what the admin may not read.
 */
import { formatMoney, type Money } from '@sala/shared/money';
import { useFetchClient, Widget } from '@strapi/strapi/admin';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { styled } from 'styled-components';

type NearlyFullCourse = { id: number; documentId: string; title: string; seats: number; seatsLeft: number };
type AtAGlance = {
  date: string;
  orders: { placed: number; paid: number; revenue: Money[] } | null;
  reports: { waiting: number } | null;
  courses: { nearlyFull: NearlyFullCourse[] } | null;
};

const THAI_DATE = new Intl.DateTimeFormat('th-TH', { dateStyle: 'long', timeZone: 'UTC' });

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: 0.75rem;
  margin: 0;
`;

const Figure = styled.div`
  border-radius: 4px;
  padding: 0.75rem 1rem;
  background: ${({ theme }) => theme.colors.neutral100};
  dt {
    font-size: 1.2rem;
    color: ${({ theme }) => theme.colors.neutral600};
  }
  dd {
    margin: 0.25rem 0 0;
    font-size: 2rem;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.neutral800};
    overflow-wrap: anywhere;
  }
`;

const Heading = styled.h3`
  margin: 1.25rem 0 0.5rem;
  font-size: 1.4rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.neutral800};
`;

const Muted = styled.p`
  margin: 0;
  font-size: 1.3rem;
  color: ${({ theme }) => theme.colors.neutral600};
`;

const Courses = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    justify-content: space-between;
    gap: 1rem;
    padding: 0.5rem 0;
    font-size: 1.4rem;
    border-top: 1px solid ${({ theme }) => theme.colors.neutral150};
  }
  a {
    color: ${({ theme }) => theme.colors.primary600};
    text-decoration: none;
    overflow-wrap: anywhere;
  }
  span {
    flex-shrink: 0;
    color: ${({ theme }) => theme.colors.neutral700};
  }
`;

function seatsLabel(course: NearlyFullCourse): string {
  return course.seatsLeft === 0 ? `เต็มแล้ว (${course.seats} ที่)` : `เหลือ ${course.seatsLeft} จาก ${course.seats} ที่`;
}

export function AtAGlanceWidget() {
  const { get } = useFetchClient();
  const [state, setState] = useState<{ data: AtAGlance | null; failed: boolean }>({ data: null, failed: false });

  useEffect(() => {
    let live = true;
    get<{ data: AtAGlance }>('/sala-admin/at-a-glance').then(
      (response) => live && setState({ data: response.data.data, failed: false }),
      () => live && setState({ data: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [get]);

  if (state.failed) return <Widget.Error>โหลดภาพรวมไม่สำเร็จ กรุณาลองใหม่อีกครั้ง</Widget.Error>;
  const data = state.data;
  if (!data) return <Widget.Loading>กำลังโหลดภาพรวม</Widget.Loading>;
  if (!data.orders && !data.reports && !data.courses) return <Widget.NoPermissions>คุณไม่มีสิทธิ์ดูข้อมูลในภาพรวมนี้</Widget.NoPermissions>;

  const revenue = data.orders ? data.orders.revenue.map((total) => formatMoney(total, 'th')).join(' + ') : null;
  return (
    <div data-testid="at-a-glance">
      <Muted>ข้อมูลของวันที่ {THAI_DATE.format(new Date(`${data.date}T00:00:00Z`))} (เวลาประเทศไทย)</Muted>
      <Figures style={{ marginTop: '0.75rem' }}>
        {data.orders ? (
          <>
            <Figure>
              <dt>คำสั่งซื้อวันนี้</dt>
              <dd data-testid="glance-orders-today">{data.orders.placed.toLocaleString('th-TH')}</dd>
            </Figure>
            <Figure>
              <dt>ยอดขายที่ชำระแล้ววันนี้</dt>
              <dd data-testid="glance-revenue-today">{revenue}</dd>
            </Figure>
          </>
        ) : null}
        {data.reports ? (
          <Figure>
            <dt>แจ้งโอนรอตรวจสอบ</dt>
            <dd data-testid="glance-reports-waiting">{data.reports.waiting.toLocaleString('th-TH')}</dd>
          </Figure>
        ) : null}
      </Figures>
      {data.courses ? (
        <>
          <Heading>คอร์สที่ใกล้เต็ม</Heading>
          {data.courses.nearlyFull.length === 0 ? (
            <Muted>ยังไม่มีคอร์สที่ใกล้เต็ม</Muted>
          ) : (
            <Courses>
              {data.courses.nearlyFull.map((course) => (
                <li key={course.id}>
                  <Link to={`/content-manager/collection-types/api::course.course/${course.documentId}`}>{course.title}</Link>
                  <span>{seatsLabel(course)}</span>
                </li>
              ))}
            </Courses>
          )}
        </>
      ) : null}
    </div>
  );
}
