import { Slide, ToastContainer } from 'react-toastify';

/** Phones show one toast at a time (the next waits its turn): two stacked would cover half the screen. */
const onPhone = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 480px)').matches === true;

/** The toast area of SPEC §8: bottom left, newest on top, 5 s. Loaded with the first toast. */
export default function Toasts() {
  return (
    <ToastContainer
      position="bottom-left"
      autoClose={5000}
      newestOnTop
      transition={Slide}
      theme="light"
      {...(onPhone() ? { limit: 1 } : {})}
    />
  );
}
