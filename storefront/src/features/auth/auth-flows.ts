import type { Locale } from '@market/shared';
import {
  GoogleAuthProvider,
  getAdditionalUserInfo,
  sendEmailVerification,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  type User,
} from 'firebase/auth';
import { addProfile, addSocialProfile, createSession, endSession } from './auth-api.ts';
import { rememberSessionToken } from './session-sync.ts';
import { forgetCart, mergeGuestCart } from '../cart/cart.store.ts';
import { signInWithEmulatorGoogle } from './emulator-popup.ts';
import { firebaseAuth, loadClientConfig } from './firebase.ts';
import { recaptchaToken } from '@market/shared/recaptcha-client';
import { referrerFromCookies } from './referrer.ts';
import { profileAddBody, type SignUpValues } from './sign-up.ts';
import { profileAddSocialBody } from './social-profile.ts';

/** The error a password sign-in ends with while the email is not verified. */
const UNVERIFIED = { code: 'auth/unverified-email' } as const;

/** Signs out of Firebase, keeping the error that led here rather than a sign-out failure. */
async function signOutQuietly(): Promise<void> {
  await signOut(await firebaseAuth()).catch(() => undefined);
}

/**
 * Opens the server session for a signed-in user; signs out of Firebase when refused. Then the
 * guest cart merges into the user's server cart (never blocking the sign-in).
 */
async function openSession(user: User): Promise<void> {
  const idToken = await user.getIdToken();
  try {
    await createSession(idToken);
    rememberSessionToken(idToken);
  } catch (error) {
    await signOutQuietly();
    throw error;
  }
  await mergeGuestCart(idToken);
}

/**
 * Email and password sign-in. An unverified email ends signed out with `auth/unverified-email`
 * (the API would refuse the session anyway).
 */
export async function signInWithPassword(email: string, password: string): Promise<void> {
  const { user } = await signInWithEmailAndPassword(await firebaseAuth(), email.trim(), password);
  if (!user.emailVerified) {
    await signOutQuietly();
    throw UNVERIFIED;
  }
  await openSession(user);
}

/** Signs in just long enough to have Firebase send the verification mail again. */
export async function resendVerification(email: string, password: string): Promise<void> {
  const { user } = await signInWithEmailAndPassword(await firebaseAuth(), email.trim(), password);
  try {
    await sendEmailVerification(user);
  } finally {
    await signOutQuietly();
  }
}

/**
 * Google popup sign-in, then the (idempotent) profile record, then the server session. With the
 * Auth emulator, the popup is our offline stand-in for Google (see emulator-google.ts).
 */
export async function signInWithGoogle(locale: Locale): Promise<void> {
  const auth = await firebaseAuth();
  const { authEmulatorUrl, recaptchaSiteKey } = await loadClientConfig();
  const credential = authEmulatorUrl
    ? await signInWithEmulatorGoogle(auth)
    : await signInWithPopup(auth, new GoogleAuthProvider());
  try {
    const body = profileAddSocialBody(credential.user, getAdditionalUserInfo(credential)?.profile, {
      tokenRecaptcha: await recaptchaToken(recaptchaSiteKey, 'signup'),
      locale,
      referrer: referrerFromCookies(document.cookie),
    });
    const { created } = await addSocialProfile(await credential.user.getIdToken(), body);
    // A new account gets its role claim on creation: the session needs a token that carries it.
    if (created) await credential.user.getIdToken(true);
  } catch (error) {
    await signOutQuietly();
    throw error;
  }
  await openSession(credential.user);
}

/** Password sign-up; the API sends the verification mail and the visitor stays signed out. */
export async function signUp(values: SignUpValues, locale: Locale): Promise<void> {
  const { recaptchaSiteKey } = await loadClientConfig();
  await addProfile(
    profileAddBody(values, {
      tokenRecaptcha: await recaptchaToken(recaptchaSiteKey, 'signup'),
      locale,
      referrer: referrerFromCookies(document.cookie),
    }),
  );
}

/** Ends the server session and the Firebase one; the first may fail (no cookie), the second not. */
export async function signOutEverywhere(): Promise<void> {
  await endSession().catch(() => undefined);
  forgetCart();
  await signOut(await firebaseAuth());
}
