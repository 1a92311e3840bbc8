import { signOut } from '../api/session';
import { useTokenRequired } from '../api/useTokenRequired';
import { editorText } from '../messages';
import './signOut.css';

/** 'Sign out', shown only when the provider was started with a token (the browser signed in to it). */
export function SignOutButton() {
  const tokenRequired = useTokenRequired();
  if (!tokenRequired) return null;
  return (
    <button type="button" className="btn sign-out" onClick={() => void signOut()}>
      {editorText.signOut}
    </button>
  );
}
