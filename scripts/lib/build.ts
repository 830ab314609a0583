import { runOrThrow, step } from './run.js';
import { webBuildEnv } from './env.js';

export async function buildFunctions(): Promise<void> {
  step('Building the functions');
  await runOrThrow('npm', ['run', '--silent', 'build', '-w', 'functions']);
}

/** The production build of the SPA, wired to the local emulators. */
export async function buildWeb(): Promise<void> {
  step('Building the web app');
  await runOrThrow('npm', ['run', '--silent', 'build', '-w', 'web'], { env: { ...process.env, ...webBuildEnv() } });
}
