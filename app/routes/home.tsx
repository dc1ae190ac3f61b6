export default function Home() {
  return <h1>Postline</h1>;
}
