// The home banner: an inline SVG (no image request) in a box whose height depends only on the
// viewport width, so nothing below it moves when it paints.
export function HomeBanner() {
  return (
    <section className="home-banner" aria-labelledby="home-banner-heading">
      <svg className="home-banner-art" viewBox="0 0 300 300" aria-hidden="true" focusable="false">
        <circle cx="150" cy="150" r="150" fill="#ffffff" opacity="0.08" />
        {/* A basket of produce. */}
        <circle cx="95" cy="118" r="40" fill="#e4572e" />
        <path d="M95 78c4-15 15-24 28-26-2 13-11 22-28 26z" fill="#7bc043" />
        <circle cx="160" cy="108" r="36" fill="#f4a300" />
        <ellipse cx="215" cy="124" rx="28" ry="36" fill="#9ccc65" />
        <path d="M40 150h220l-22 100a14 14 0 0 1-14 11H76a14 14 0 0 1-14-11z" fill="#8d5a2b" />
        <path d="M52 150h196" stroke="#6d4320" strokeWidth="10" strokeLinecap="round" />
        <path d="M95 180v55M135 180v55M175 180v55M215 180v55" stroke="#6d4320" strokeWidth="6" strokeLinecap="round" opacity="0.6" />
      </svg>
      <div className="home-banner-text">
        <h1 id="home-banner-heading">Fresh groceries from your local stores</h1>
        <p>Shop several stores in one cart, pay once, and get it all delivered.</p>
      </div>
    </section>
  );
}
