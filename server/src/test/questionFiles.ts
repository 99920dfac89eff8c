/**
 * Question files of our own, for the import and export tests and the browser journey: a Moodle XML
 * bank with the four partial-credit types and one type we do not have (Cloze), and a tiny PNG.
 */
export const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export const MOODLE_BANK = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/Mathematics/Year 9</text></category></question>
  <question type="multichoice">
    <name><text>Primes</text></name>
    <questiontext format="html"><text><![CDATA[<p>Which of these numbers are prime?</p><p><img src="@@PLUGINFILE@@/dot.png" alt="a dot"></p>]]></text>
      <file name="dot.png" path="/" encoding="base64">${PNG_1x1.toString('base64')}</file>
    </questiontext>
    <defaultgrade>2.0000000</defaultgrade>
    <single>false</single>
    <answer fraction="50"><text>2</text></answer>
    <answer fraction="50"><text>3</text></answer>
    <answer fraction="-100"><text>4</text></answer>
    <answer fraction="0"><text>9</text></answer>
  </question>
  <question type="numerical">
    <name><text>Pi</text></name>
    <questiontext format="html"><text>Give \\(\\pi\\) to two decimal places.</text></questiontext>
    <defaultgrade>2.0000000</defaultgrade>
    <answer fraction="100"><text>3.14</text><tolerance>0.005</tolerance></answer>
    <answer fraction="50"><text>3.1</text><tolerance>0.05</tolerance></answer>
  </question>
  <question type="shortanswer">
    <name><text>Amphibian</text></name>
    <questiontext format="html"><text>Name an amphibian that croaks.</text></questiontext>
    <defaultgrade>5.0000000</defaultgrade>
    <usecase>0</usecase>
    <answer fraction="100"><text>frog</text></answer>
    <answer fraction="80"><text>toad</text></answer>
  </question>
  <question type="matching">
    <name><text>Animals</text></name>
    <questiontext format="html"><text>Match each animal to its class.</text></questiontext>
    <defaultgrade>3.0000000</defaultgrade>
    <subquestion format="html"><text>Cat</text><answer><text>Mammal</text></answer></subquestion>
    <subquestion format="html"><text>Frog</text><answer><text>Amphibian</text></answer></subquestion>
    <subquestion format="html"><text>Eagle</text><answer><text>Bird</text></answer></subquestion>
    <subquestion format="html"><text></text><answer><text>Insect</text></answer></subquestion>
  </question>
  <question type="cloze">
    <name><text>Capital cloze</text></name>
    <questiontext format="html"><text>The capital of France is {1:SHORTANSWER:=Paris}.</text></questiontext>
  </question>
</quiz>
`;
