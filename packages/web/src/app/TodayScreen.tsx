import type { ReactNode } from 'react';
import TodayPanel from '../features/courses/components/TodayPanel';
import HabitCard from '../features/habit/components/HabitCard';

/**
 * Home's «today»: the habit card above «Що сьогодні»'s courses, one lazy chunk (the /login budget
 * has no room for another lazy entry in the routes). TodayPanel's request brings the habit along;
 * the panel shows the card and the ways on (`ways`) with the plan, all in one paint.
 */
export default function TodayScreen({ ways }: { ways?: ReactNode }) {
  return <TodayPanel above={<HabitCard />} below={ways} />;
}
