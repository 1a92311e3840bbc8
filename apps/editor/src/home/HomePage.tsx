import { editorText } from '../messages';
import { PLANS_ID, PlanHome } from './PlanHome';
import './home.css';

/** '/': the skip link, then the provider's plans; none of the editor's code is loaded here. */
export function HomePage() {
  return (
    <main className="home">
      {/* The first tab stop: past the sign-out button to the plans. */}
      <a className="skip-link" href={`#${PLANS_ID}`}>
        {editorText.skipToPlans}
      </a>
      <PlanHome />
    </main>
  );
}
