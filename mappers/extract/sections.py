"""Lines and sections: text (from PDFs, Markdown, HTML) → normalised lines → sections.

A careful human reading a CV first sees its sections. Headings come in many shapes:
Markdown (`# X`, `**X**`, setext underlines), ALL-CAPS lines, Title-Case lines with a
known heading phrase, and headings sharing a line with content (`EDUCATION &<TAB>Harvard…`,
`**Education** University of Washington`). Markdown headings that are *not* section names
(`## Tsinghua University, Beijing`) mark entries inside the current section.
"""
from __future__ import annotations

import html
import re
from bisect import bisect_right
from dataclasses import dataclass, field
from functools import lru_cache

from ..convert import _PRINT_STAMP
from ..spans import LIQUID_MAX, LIQUID_PAIRS, newlines_of, replace_any_spans, replace_spans
from .fields import _ORCID_ID, DEGREE_RE, MONTHS, NATURAL_LANGUAGE, ascii_forms, find_period, split_authors, strip_markup

MAX_LINE = 20_000  # characters kept of any one line (bounds regex time on huge lines)


@dataclass
class Line:
    no: int            # 1-based line number in the source text
    text: str          # normalised text (inline markup kept: <i>, <b>, <u>, **)
    entry_head: bool = False   # a Markdown heading / bold line that starts an entry
    bullet: bool = False       # began with a list marker
    depth: int = 0             # nesting of a list item (0 = top level; "  * x" under "* y" is 1)
    gap: bool = False          # a blank line comes before it (entries of PDF text are set apart so)
    indent: int = 0            # a Markdown list item's indentation in columns (0 when not known)


@dataclass
class Section:
    kind: str                  # education, positions, publications, ... or "preamble"
    heading: str
    lines: list[Line] = field(default_factory=list)
    level: int | None = None   # Markdown heading level (# = 1, setext '=' = 1, '-' = 2); None otherwise
    item_indent: int | None = None   # a heading that is a list item ("* Languages:"): that item's indent


# Kinds whose entries a sub-heading groups: a one-word sub-heading that alone would read as a
# summary stays inside them ("## Experience" / "### Research" lists research positions).
# "## Selected PhD courses" (as high as "## Teaching"): the courses the subject took, a section
# of its own, though "PhD" names a degree
_COURSES_TAKEN = re.compile(r"^(?:(?:selected|relevant|graduate|doctoral|phd|ph\.d\.|master'?s?|core)\s+)*"
                            r"(?:courses?|coursework)(?:\s+taken)?$", re.I)
# a sub-heading naming only the scope of the entries under it (a service section's "Departmental",
# "University", "National and International"; a teaching section's "Semester", "Certificates")
_SCOPE_WORD = (r"(?:departmental|department|university|college|school|faculty|institutional|institute|national|"
               r"international|regional|local|campus|internal|external|semester|quarter|term|certificates?|"
               r"professional|academic|community|public|graduate|undergraduate|postgraduate|other|editorial)")
_SCOPE_LABEL = re.compile(rf"(?i){_SCOPE_WORD}(?:\s+(?:and|&)\s+{_SCOPE_WORD})?(?:\s+(?:service|level|activities|courses))?")
_AWARD_SCOPE_LABEL = re.compile(rf"(?i){_SCOPE_WORD}(?:\s+(?:and|&)\s+{_SCOPE_WORD})?\s+(?:awards?|honou?rs|prizes|"
                                r"scholarships|fellowships|grants|distinctions|competitions|achievements)")
_BRACKETED_DATES = re.compile(r"\(\s*(?:(?:19|20)\d\d(?:\s*[-–—]\s*(?:(?:19|20)\d\d|present|now))?|present)\s*\)", re.I)
_LABEL_AND_VALUE = re.compile(r"^[^:]{2,40}:\s+\S")
_BULLETED_MD_HEADING = re.compile(r"^[-*+]\s+(?=#{1,6}\s+\S)")
ENTRY_KINDS = {"education", "positions", "publications", "awards", "teaching", "service", "talks", "patents"}


# Ordered: the first rule that matches a heading wins ("Teaching Experience" is teaching).
SECTION_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("interests", re.compile(r"^research$")),   # "Research" alone: a research summary
    # "Skills Summary", "Summary of Skills": a list of skills, not a summary of the person
    ("skills", re.compile(r"^(?:technical |core |key )?skills? (?:summary|overview)$|^summary of (?:technical |key )?skills$")),
    # "Career Highlights", "Key Highlights": selected achievements retold, not a list of posts
    ("other", re.compile(r"^(?:career|key|selected|professional) highlights$|^highlights$")),
    # "Fun", "Fun Facts", "Just for Fun": pastimes
    ("other", re.compile(r"^(?:just |for )?fun(?: facts?| stuff)?$")),
    # "Short academic CV", "Brief CV": a career path of degrees and posts in one list (split into both
    # by the text reader); the page's own title "Curriculum Vitae" is not one
    ("education", re.compile(r"^(?:short|brief|abridged)(?: academic)? (?:cv|c\.v\.|curriculum vitae|vita)$")),
    # "Professional Preparation": the degrees of a US grant biosketch (NSF), not a publication "in preparation"
    ("education", re.compile(r"^professional preparation$")),
    # "Teaching and Research Fields", "Fields of Specialization": the subject's fields, not a list of courses
    ("interests", re.compile(r"\b(?:research|teaching and research|primary|secondary) fields\b|^fields of (?:specialization|study|research)$|"
                             # "Fields" alone (an economist's vita: the fields worked in)
                             r"^fields$")),
    # a physician's training after the MD (residency, fellowship): education, not a fellowship awarded
    ("education", re.compile(r"\b(?:postdoctoral|clinical|fellowship|residency(?: and fellowship)?|graduate medical) training\b|"
                             r"^residency and fellowship$")),
    # "Board Certification(s)", "Medical Licensure", "Bar Admissions": credentials, not a board served on
    # (only these: "Skills and Certifications", "Education and Certifications" keep their first kind,
    # and "Licenses & Certifications" alone is "other" by the last rule)
    ("other", re.compile(r"\bboard certifi|\blicensure\b|\bbar admissions?\b|\badmitted to (?:the )?bar\b")),
    # "Professional Development Activities", "Development activities & conferences": courses and
    # meetings attended for training, not service to the profession
    ("other", re.compile(r"^(?:professional )?development activit(?:y|ies)(?: (?:and|&) (?:conferences|workshops|"
                         r"courses|training|seminars))?$")),
    # "Work and Teaching Experience", "Research & Teaching Experience": posts first, the teaching
    # among them (a combined heading keeps the kind it names first)
    ("positions", re.compile(r"^(?:work|research|professional|academic|industry|employment)(?: experience)? (?:and|&) "
                             r"teaching(?: experience)?$")),
    # "Positions and Activities", "Employment & Other Activities": the posts first, other roles
    # among them (a combined heading keeps the kind it names first)
    ("positions", re.compile(r"^(?:(?:academic|professional|research) )?(?:positions?|appointments?|employment|experience) "
                             r"(?:and|&) (?:(?:other|professional|related) )?activities$")),
    # "Earlier research", "Previous Research": research posts held before the ones listed above
    ("positions", re.compile(r"^(?:earlier|previous|prior|past|other|additional)\s+research(?:\s+(?:positions?|posts?|roles?))?$")),
    ("teaching", re.compile(r"\b(teaching|tutoring|courses? taught|lecturing)\b")),
    # "Publications & Presentations", "Papers and Talks": papers first, the talks among them (a
    # combined heading keeps the kind it names first); "Conference Participation": talks and posters given
    ("publications", re.compile(r"^(?:selected |recent )?(?:publications?|papers) (?:and|&) (?:presentations?|talks?)$")),
    ("talks", re.compile(r"^(?:conference participations?|participation in conferences|conferences? attended)$")),
    # "Co-organized conferences and seminars", "Organized Workshops", "Events organised": meetings the
    # subject ran (a service to the field), not talks given at them
    ("service", re.compile(r"^(?:co-?)?organi[sz](?:ed|ing)(?: of)? (?:(?:international|scientific|academic) )?"
                           r"(?:conferences?|workshops?|seminars?|symposi(?:a|ums?)|meetings?|events?|sessions?|minisymposi(?:a|ums?))"
                           r"(?: (?:and|&) (?:conferences?|workshops?|seminars?|symposi(?:a|ums?)|meetings?|events?|sessions?))?$|"
                           r"^(?:conferences?|workshops?|seminars?|events?) (?:co-?)?organi[sz]ed$")),
    # (the arts: an exhibition, performance or screening of the subject's work: its title, venue and date)
    ("talks", re.compile(r"\b(talks?|presentations?|seminars?|invited lectures?|keynotes?|exhibitions?|performances|screenings)\b")),
    ("patents", re.compile(r"\bpatents?\b")),
    # ("Engagement", "Community Engagement", "Public Engagement": roles taken on for the field and the public)
    ("service", re.compile(r"\b(services?|reviewing|reviewer|program committees?|activities|leadership|outreach|editorial|engagements?|"
                           # "Technical Referee for Journals", "Refereeing": reviewing ("Referees" alone names references)
                           r"refereeing|referee\s+(?:for|service|activities|work|duties)|(?:journal|paper|technical|manuscript)\s+referee|"
                           r"boards?|memberships?|professional societies|committees|workgroups?|working groups)\b|"
                           # "Responsibilities", "Administrative Responsibilities": roles taken on beside the post
                           r"^(?:(?:administrative|academic|professional|departmental|other|additional) )?responsibilities$")),
    ("publications", re.compile(r"\b(publications?|pre-?prints?|papers?|refereed|bibliography|works|published works?|manuscripts?|articles?|proceedings|"
                                r"book chapters?|chapters in books|book reviews?|working papers?|textbooks?|under review|in preparation|submitted|^books$|"
                                r"(?:technical|research|policy) reports?|^reports$|edited (?:volumes?|books?|collections?)|monographs?|"
                                r"works? in progress|research in progress|contributions to science|"
                                r"^(?:other |selected |popular |public |recent )?writings?$)\b")),
    ("awards", re.compile(r"\b((?:sponsored|funded|externally funded)\s+(?:research\s+)?(?:projects?|research)|awards?|honou?rs?|achievements?|scholarships?|fellowships?|grants?|distinctions?|prizes?|recognitions?|funding|accolades|competitions|contests)\b")),
    ("education", re.compile(r"\b(educations?|educational|academic background|degrees?|academic qualifications?|qualifications|schooling|studies)\b")),
    ("positions", re.compile(r"\b(experiences?|employment|positions?|posts|appointments?|internships?|work history|career|jobs?|^work$|"
                             r"consulting|consultanc(?:y|ies)|paid work|"
                             # "Postdoctoral Research": the postdoctoral posts held
                             r"^post-?doc(?:toral)?\s+research$|"
                             # "Stay Abroad", "Research Stays", "Research Visits": visiting posts
                             r"stays?\s+abroad|(?:research|scientific)\s+(?:stays?|visits?))\b")),
    ("interests", re.compile(r"\b(research interests?|interests?|research areas?|research focus|objective|summary|about me|about|biography|bio|profile|research statement|personal statement|me)\b")),
    # "English", "Level of English", "English level" (the RS School CV template's last section)
    ("languages", re.compile(r"^(?:(?:level of|my) )?english(?: (?:level|language|proficiency|skills?))?$")),
    ("skills", re.compile(r"\b(skills?|technical|programming|tools|expertise|competences?|competenc(?:y|ies)|technologies)\b")),
    ("languages", re.compile(r"^(?:(?:foreign|spoken|human|natural|research|working|modern) )?languages?(?: spoken)?$")),
    # ("Page footer": the part the HTML reader makes of a page's <footer>, its social links and credits)
    ("contact", re.compile(r"\b(contact|contacts|links|online|social|web(?! (?:developer|designer|engineer)s?\b)|^address(?:es)?$)\b|"
                           r"^personal (?:information|details|data|particulars)$|^page footer$|"
                           # (sub-headings of a contact block: "Telephone", "Electronic Communication")
                           r"^(?:tele)?phones?(?: numbers?)?$|^e-?mail(?: address)?$|^electronic (?:communication|mail)$")),
    # (an economics job-market CV's "Placement Officers" / "Placement Director": others' contacts)
    # "Summer Schools", "Large Collaborations": schools attended, surveys and consortia taken part in
    ("other", re.compile(r"^(?:summer|winter|spring|autumn) schools?(?: attended)?$|^(?:large |scientific |research )?collaborations$")),
    ("other", re.compile(r"\b(projects?|references?|referees?|placement (?:officers?|directors?|coordinators?|chairs?|contacts?|administrators?)|misc|miscellaneous|hobbies|extracurricular|news|students|mentoring|advising|supervision|supervisory|open source|repositories|volunteering|certifications?|licensure|licenses?|^(?:(?:our|current|former|research) )?(?:group|lab|team) members$|^people$|^(?:the |our )?team$)\b")),
]
# A sub-heading under a talks section whose only publication word is "papers" lists papers presented.
_PAPERS_ONLY = re.compile(r"(?<!working )\bpapers?\b", re.I)
_PUBLICATION_WORD = re.compile(SECTION_RULES[[k for k, _ in SECTION_RULES].index("publications")][1].pattern, re.I)
_HEADING_WORDS = re.compile(r"^[A-Za-z&/,.'’\- ]+$")
_ALLCAPS_PREFIX = re.compile(r"^([A-Z][A-Z&/,'’\- ]{2,40}[A-Z&,])(?=\s|$)")
_DEFINITION = re.compile(r":[ \t]+(?=\S)")
# a list item's mark: a bullet, "1." / "1)", or "(1)" (a number in brackets, as economics and
# policy CVs number their papers; four digits are a year, "(541) 555-0177" a telephone number);
# "[J2] …" is a label, alone or after a bullet ("- [1] J. Doe, …"); "a.1)" / "b.2)" a number
# within a lettered group (articles a, other works b, talks d)
_BULLET = re.compile(r"^\s*(?:(?:[-*+•·◦▪●‣–—]|\d{1,3}\\?[.)]|[A-Za-z]\.\d{1,3}[.)]|\(\d{1,3}\)(?!\s*\d{3}\s?[-.]\s?\d))\s+(?:\[[A-Z]{0,2}\d{1,3}\]\s+)?|\[[A-Z]{0,2}\d{1,3}\]\s+)")
_MD_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s*(.*?)\s*#*\s*$")
_BOLD_LINE = re.compile(r"^\s*(?:\*\*|__|<b>|<strong>)(.{1,80}?)(?:\*\*|__|</b>|</strong>)\s*:?\s*(.*)$", re.I)
_COPYRIGHT_LINE = re.compile(r"(?im)^[ \t]*(?:<(?:span|small|p|div|footer)\b[^<>\n]{0,200}>[ \t]*){0,3}(?:copyright[ \t]*)?©[^\n©]{0,160}$")
_EM_SPACE_GAP = re.compile(r"(?<=[^\s\u2003])[ \t]*\u2003[ \t\u2003]*(?=[^\s\u2003])")
_THEMATIC_BREAK = re.compile(r"(?:_[ \t]*){3,}|(?:\*[ \t]*){3,}|-(?:[ \t]+-){2,}[ \t]*")
_SETEXT = re.compile(r"^\s*(=+|-{3,})\s*$")
_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")


_CLASSIFY_HEADING_RE1 = re.compile(r"[*_#:]+")
# a letter before a 1 or 0, or a lower-case letter after one (only searched for; the digit comes
# first in the pattern so that only the 1s and 0s of a text are tried)
_OCR_HINT = re.compile(r"[10](?:(?<=[A-Za-z][10])|(?=[a-z]))")
_DIGIT_2_9 = re.compile(r"[2-9]")
_OCR_DIGIT = re.compile(r"(?<=[A-Za-z])[10](?=[A-Za-z]|\b)|\b[10](?=[a-z])")
_CLASSIFY_HEADING_RE2 = re.compile(r"\s*\([^()0-9]{0,80}\)\s*")   # an aside, not a date
_CLASSIFY_HEADING_RE3 = re.compile(r"\[([^\]]{0,80})\]\([^)]{0,300}\)")
_CLASSIFY_HEADING_RE4 = re.compile(r"<[^<>]{0,300}>")


# Section headings in other languages (Chinese, Japanese, Korean, Russian, Greek, Arabic,
# German, French, Spanish, Portuguese, Italian): the whole heading, lower-cased, without a
# closing colon or a list number ("一、", "1.", "II.").
FOREIGN_HEADINGS: dict[str, str] = {}
# A Japanese heading may close on "歴" (a record of: "教育活動歴", "委員歴"), "等" (and so on:
# "競争的資金等") or "一覧" (a list of): the heading without it names the same section.
# generic nouns that follow a heading word ("教学服务", "学术活动"): the heading word names the kind
_CJK_GENERIC_NOUNS = frozenset("服务 经历 經歷 经验 情况 活动 工作 记录 成果".split())
_CJK_HEADING_TAIL = re.compile(r"(?:歴|等|一覧|など)+$")
for _kind, _words in (
    ("education", "教育经历 教育背景 教育 学历 學歷 教育經歷 学歴 学位 学业 学習歴 학력 교육 образование "
                  "εκπαίδευση σπουδές التعليم المؤهلات_العلمية ausbildung studium bildung bildungsweg akademischer_werdegang "
                  "formation formation_académique éducation parcours_académique parcours_universitaire cursus educación formación formación_académica formação "
                  "formação_acadêmica istruzione formazione diplômes diplômes_et_études études études_et_diplômes "
                  "formation_et_diplômes estudios estudios_realizados títulos_y_grados_académicos grados_académicos "
                  "títulos_académicos titoli_di_studio istruzione_e_formazione formazione_accademica percorso_di_studi educazione "
                  "hochschulstudium hochschulausbildung akademische_ausbildung schulausbildung studium_und_promotion "
                  "formations educação formação_académica habilitações habilitações_académicas habilitações_literárias "
                  "escolaridade schulbildung studium_und_ausbildung ausbildung_und_studium études_supérieures "
                  "formation_universitaire estudios_académicos "
                  "akademische_grade akademischer_grad schulische_ausbildung wissenschaftlicher_werdegang "
                  "otra_formación_académica otra_formación formación_complementaria "
                  # a career path of degrees and posts (split into both by the text reader)
                  "parcours parcours_scientifique parcours_académique_et_professionnel "
                  # Slovenian
                  "izobrazba izobraževanje šolanje"),
    ("positions", "工作经历 工作经验 工作履历 职业经历 科研经历 研究经历 任职经历 工作經歷 經歷 经历 職歴 経歴 研究歴 "
                  "实习经历 实习经验 实习 實習經歷 實習 "
                  "경력 근무_경력 опыт_работы профессиональный_опыт трудовая_деятельность места_работы "
                  "επαγγελματική_εμπειρία εμπειρία الخبرة الخبرات الخبرة_المهنية الخبرة_العملية berufserfahrung "
                  "beruflicher_werdegang berufliche_tätigkeit werdegang expérience expériences "
                  "expérience_professionnelle parcours_professionnel experiencia experiencia_profesional experiencia_laboral "
                  "expérience_professionnelle expériences_professionnelles experiência_laboral "
                  "experiência experiência_profissional esperienze esperienza_professionale esperienze_professionali esperienza_lavorativa "
                  "esperienze_lavorative erfahrung berufliche_erfahrung berufspraxis praktika arbeitserfahrung praktische_erfahrung "
                  "experiências experiências_profissionais experiência_de_trabalho percurso_profissional "
                  "expérience_de_travail experiencias experiencias_profesionales trayectoria_profesional "
                  "esperienza esperienze_di_lavoro beschäftigung beschäftigungen tätigkeiten berufliche_tätigkeiten "
                  "berufliche_stationen anstellungen empleo empleos emploi emplois stages stages_de_recherche "
                  "zaposlitev zaposlitve delovne_izkušnje стажировки berufstätigkeit berufstätigkeiten "
                  "situación_profesional situación_profesional_actual actividades_anteriores actividades_profesionales"),
    ("publications", "论文 发表论文 論文 学术论文 學術論文 代表性论文 代表论文 论文发表 出版物 发表文章 研究成果 科研成果 "
                     "出版信息 著作 论著 发表论著 学术成果 期刊论文 会议论文 英文期刊 中文期刊 英文论文 中文论文 工作论文 "
                     "業績 研究業績 論文リスト 주요_논문 논문 연구_실적 연구실적 публикации список_публикаций "
                     "научные_публикации основные_публикации δημοσιεύσεις επιστημονικές_δημοσιεύσεις المنشورات "
                     "الأبحاث_المنشورة publikationen veröffentlichungen schriftenverzeichnis publications_scientifiques "
                     "publicaciones publicações pubblicazioni artículos artículos_publicados artigos artigos_publicados "
                     "articoli objave publikacije publicaciones_en_revistas artículos_en_revistas capítulos_de_libros "
                     "capítulos_de_libro"),
    ("awards", "获奖 获奖情况 获奖经历 奖励 荣誉 荣誉奖励 奖项 荣誉与奖励 獲獎 榮譽 受賞 受賞歴 受賞歴等 수상 수상_경력 "
               "奖学金 獎學金 表彰 荣誉称号 奖学金与荣誉 "
               # grants: "competitive funds", "external funds", "research funds", KAKENHI, subsidies
               "競争的資金 外部資金 研究費 研究資金 科研費 科学研究費 助成金 獲得資金 科研项目 科研基金 基金项目 연구비 "
               "награды награды_и_премии премии βραβεία διακρίσεις βραβεία_και_διακρίσεις الجوائز الجوائز_والتكريم "
               "auszeichnungen preise preise_und_auszeichnungen prix distinctions prix_et_distinctions premios "
               "premios_y_distinciones prêmios premi riconoscimenti stipendien stipendien_und_auszeichnungen becas bourses "
               "borse_di_studio prémios prémios_e_distinções prêmios_e_distinções distinções bolsas ehrungen reconocimientos "
               "distinciones premi_e_riconoscimenti financements financement drittmittel récompenses "
               "bourses_de_recherche nagrade priznanja nagrade_in_priznanja wettbewerbe"),
    ("skills", "技能 专业技能 技术技能 技能特长 技术能力 专业能力 个人技能 基本技能 技术栈 スキル 技術 기술 보유_기술 навыки профессиональные_навыки "
               "технологии δεξιότητες "
               "المهارات kenntnisse fähigkeiten compétences habilidades competencias competências competenze "
               "kompetenzen programmiersprachen lenguajes_de_programación langages_de_programmation conhecimentos "
               "principais_conhecimentos conhecimentos_técnicos competências_técnicas conocimientos conocimientos_técnicos "
               "compétences_techniques compétences_informatiques informatique it-kenntnisse edv-kenntnisse "
               "technische_fähigkeiten fachkenntnisse competenze_tecniche competenze_informatiche "
               "spretnosti znanja spretnosti_in_znanja spretnosti/znanja veščine habilidades_técnicas tecnologías "
               "sonstige_kenntnisse"),
    ("teaching", "教学 教学经历 授课 授课经历 講義 教育活動 担当授業 担当科目 担当講義 授業 강의 преподавание преподавательская_деятельность "
                 "διδασκαλία διδακτική_εμπειρία التدريس lehre lehrtätigkeit lehrerfahrung enseignement enseignements "
                 "docencia ensino docência didattica insegnamento enseñanza experiencia_docente encadrement"),
    ("talks", "学术报告 学术会议报告 邀请报告 会议报告 報告 講演 口頭発表 招待講演 学会発表 研究発表 학술발표 доклады выступления ομιλίες "
              "vorträge exposés communications interventions ponencias conferencias palestras presentazioni séminaires "
              "participation_à_des_séminaires communications_scientifiques communications_orales "
              "communications_par_affiche communications_affichées auswärtige_vorträge eingeladene_vorträge 受邀演讲 邀请演讲 学术演讲 学术会议受邀演讲 国内外学术会议受邀演讲与研讨会"),
    ("service", "学术服务 学术兼职 社会兼职 学术任职 学会活動 社会活動 学会および社会における活動 学会及び社会における活動 "
                "所属学会 所属学協会 学会 委員 委員会 国内委員 国際会議委員 委員歴 学外活動 社会貢献 査読 論文査読 論文査読者 "
                "学术团体 学会任职 학회_활동 общественная_деятельность "
                "гутахтер υπηρεσία gutachtertätigkeit gremienarbeit services_à_la_communauté servicio servizio "
                "responsabilités responsabilités_administratives responsabilités_collectives "
                "attività altre_attività services_à_la_communauté_scientifique 审稿专家 审稿人 审稿 学术共同体活动 承担的学术共同体活动 公共服务 社会服务 服务经历 mitgliedschaften"),
    ("patents", "专利 發明專利 特許 특허 патенты διπλώματα_ευρεσιτεχνίας براءات_الاختراع patente brevets patentes "
                "brevetti"),
    ("languages", "语言 語言 言語 언어 языки владение_языками γλώσσες اللغات sprachen sprachkenntnisse langues "
                  "idiomas línguas lingue fremdsprachen lenguas compétences_linguistiques conhecimentos_linguísticos "
                  "znanje_jezikov"),
    ("interests", "研究方向 研究兴趣 研究领域 研究興趣 研究分野 研究領域 研究テーマ 연구_분야 연구_관심사 "
                  "научные_интересы область_научных_интересов ερευνητικά_ενδιαφέροντα الاهتمامات_البحثية "
                  "forschungsinteressen forschungsschwerpunkte intérêts_de_recherche thèmes_de_recherche "
                  "intereses_de_investigación interesses_de_pesquisa interessi_di_ricerca interesses intérêts centres_d'intérêt "
                  "centres_d’intérêt centres_d'intérêts centres_d’intérêts loisirs interessen hobbys intereses aficiones "
                  "interessi passatempi interesi freizeitinteressen"),
    ("other", "referenzen références referencias referências referenze projetos projets proyectos projekte progetti "
              "sobre sobre_mim über_mich à_propos acerca_de 项目经历 프로젝트 자격증 "
              "zertifikate certificaciones certificações certificazioni"),
    ("contact", "联系方式 联系 聯絡方式 連絡先 연락처 контакты контактная_информация επικοινωνία معلومات_الاتصال kontakt "
                "coordonnées contacto contato contatti información_personal datos_personales informations_personnelles "
                "dados_pessoais persönliche_daten zur_person"),
):
    for _w in _words.split():
        FOREIGN_HEADINGS[_w.replace("_", " ")] = _kind
_DATES_ONLY = re.compile(r"[^\W\d_]{0,12}\.?\s*(?:19|20)\d\d\s*(?:\S{1,3}\s*(?:[^\W\d_]{0,12}\.?\s*(?:19|20)\d\d|[^\W\d_]{3,14}))?")
_FOREIGN_LAST = frozenset(k.rsplit(None, 1)[-1] for k in FOREIGN_HEADINGS)
_FOREIGN_NUMBER = re.compile(r"^(?:[一二三四五六七八九十]+[、.．]|\d{1,2}[.)、]|[IVX]{1,4}\.)\s*")


def _foreign_heading(text: str) -> str | None:
    key = _FOREIGN_NUMBER.sub("", " ".join(strip_markup(text).split())).strip(" :：").lower()
    if key[-1:] == ")" and (aside := _CLASSIFY_HEADING_RE2.search(key)) and aside.end() == len(key) and aside.start() > 0:
        key = key[: aside.start()]      # "Vorträge (Auswahl)", "Publicaciones (selección)": an aside
    kind = FOREIGN_HEADINGS.get(key)
    if kind is None and not key.isascii() and " " not in key and 3 <= len(key) <= 12 and \
            (pair := _CJK_HEADING_PAIR.fullmatch(key)):
        # "荣誉与奖项", "论文和专利", "获奖及荣誉": two headings joined by "and" (the first kind read wins)
        kind = FOREIGN_HEADINGS.get(pair.group(1)) or FOREIGN_HEADINGS.get(pair.group(2))
    if kind is None and not key.isascii() and " " not in key and 4 <= len(key) <= 8:
        # "荣誉奖项" ("honours awards"), "教学服务" ("teaching service"): two headings, or a heading
        # and a generic noun, written together without a joining word (the first kind read wins)
        for cut in range(2, len(key) - 1):
            head, rest = key[:cut], key[cut:]
            if (first := FOREIGN_HEADINGS.get(head)) and (rest in FOREIGN_HEADINGS or rest in _CJK_GENERIC_NOUNS):
                kind = first
                break
    if kind is None and (tail := _CJK_HEADING_TAIL.search(key)) and tail.start() >= 2:
        kind = FOREIGN_HEADINGS.get(key[: tail.start()])
    if kind is None and " " in key:
        # "Mes compétences", "Ma formation", "Meine Ausbildung": the heading after a possessive
        key = _POSSESSIVE.sub("", key, count=1)
        kind = FOREIGN_HEADINGS.get(key)
        if kind is None and "," in key:
            # "Organisations, récompenses, bourses de recherche": a list of topics names the one kind
            # its known topics share
            kinds = {FOREIGN_HEADINGS.get(part.strip()) for part in _HEADING_LIST.split(key)} - {None}
            kind = kinds.pop() if len(kinds) == 1 else None
        if kind is None and (pair := _HEADING_PAIR.fullmatch(key)):
            # "Loisirs et intérêts", "Estudios y formación": two headings of one kind (or one unknown)
            first, second = FOREIGN_HEADINGS.get(pair.group(1)), FOREIGN_HEADINGS.get(pair.group(2))
            kind = first if first and second in (first, None) else (second if second and first is None else None)
    return kind


_POSSESSIVE = re.compile(r"^(?:mes|ma|mon|meine|mein|meines|mis|mi|minhas|meus|minha|meu|le mie|i miei|la mia|il mio)\s+")
_HEADING_PAIR = re.compile(r"(.{3,40}?)\s+(?:et|y|und|e|&)\s+(.{3,40})")
# small words that carry a sentence on after a bold phrase ("**Algorithms** in Python", "**X** à Lyon")
_LOWER_CONTINUATION = frozenset("in with for at on of and to from by à au en de des du avec pour dans mit für bei und von zu con para".split())
_HEADING_LIST = re.compile(r",\s*(?:(?:et|y|und|e)\s+)?|\s+(?:et|y|und|e|&)\s+")
_CJK_HEADING_PAIR = re.compile(r"([^与和及、&]{2,6})[与和及、&]([^与和及、&]{2,6})")
# a Pandoc heading attribute after the text: "# Expérience {-}", "## Talks {.unnumbered}", "# Skills {#skills}"
_PANDOC_ATTRIBUTE = re.compile(r"\s*\{[-#.][^{}]{0,60}\}\s*$")


@lru_cache(maxsize=8192)     # a pure function of a string, asked of the same text several times per line
def classify_heading(text: str) -> str | None:
    """Heading text → section kind, or None if it is not a section heading."""
    if text[-1:] == "}" and (attr := _PANDOC_ATTRIBUTE.search(text)) and attr.start() > 0:
        text = text[: attr.start()]
    if not text.isascii():
        foreign = _foreign_heading(text)
        if foreign:
            return foreign
    elif len(text) < 60 and text.rstrip(" \t*_:`#").rsplit(None, 1)[-1:] and \
            text.rstrip(" \t*_:`#").rsplit(None, 1)[-1].lower() in _FOREIGN_LAST:
        # Headings of other languages are often plain ASCII ("Experiencia Laboral", "Berufserfahrung",
        # "Formation"): looked up when no English rule names the line (and its last word ends one).
        return _english_heading(text) or _foreign_heading(text)
    kind = _english_heading(text)
    if kind is None and len(text) < 60 and text.isascii() and (" e " in text or " y " in text or " et " in text):
        # "Lingue e linguaggi di programmazione": two headings joined by "and" in another language whose
        # last word ends none (the pair rule of _foreign_heading names the kind)
        return _foreign_heading(text)
    if kind is None and len(text) < 40 and text.isascii() and (slipped := _HEADING_SLIP_WORD.sub(_heading_unslip, text)) != text:
        # "## Experince", "Pubilcations": a heading word with one letter dropped or two swapped
        return _english_heading(slipped)
    return kind


def _english_heading(text: str) -> str | None:
    # A digit 2-9 stays through every change below (unless in a tag or a link; an aside "(…)"
    # removed holds no digit), and a heading has none: most lines of entries are so told apart.
    if "<" not in text and "[" not in text and _DIGIT_2_9.search(text):
        return None
    # Inline HTML and links keep their words; a parenthesised aside is not part of the name
    # ("Selected Works (<a href=…>Publication List</a>)").
    t = text
    if "<" in t or "[" in t or "(" in t:
        t = _CLASSIFY_HEADING_RE4.sub("", t)
        if "](" in t:       # (what RE3 matches has one; its group replacement costs a call into Python)
            t = _CLASSIFY_HEADING_RE3.sub(r"\1", t)
        t = _CLASSIFY_HEADING_RE2.sub("", t)
    t = _CLASSIFY_HEADING_RE1.sub(" ", t)
    if _OCR_HINT.search(t):
        t = _OCR_DIGIT.sub(lambda m: "l" if m.group(0) == "1" else "o", t)   # "Se1ected Pub1ications"
    if not t[:1].isascii():
        t = _HEADING_OF_RE1.sub("", t)
    t = t.strip().strip("•·-–—").strip()
    if not t or len(t) > (70 if "," in t else 50) or not _HEADING_WORDS.match(t):
        return None
    words = t.split()
    if len(words) > 6 and not (len(words) <= 9 and "," in t and all(
            len(part.split()) <= 3 for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", t))):
        # ("Further qualifications, work experiences, honours and grants": a list of short topics)
        return None
    low = t.lower()
    if _NAMES_AN_INSTITUTION.search(low):
        return None     # "Technical University of Madrid": an entry's institution, not "Technical Skills"
    if len(words) >= 3 and _ROLE_LAST.search(low) and not _HEADING_JOINER.search(low):
        return None     # "Experience Science Day Volunteer", "Open House Mentor": an entry's role, not a heading
    for kind, rx in SECTION_RULES:
        if rx.search(low):
            return kind
    return None


_HAN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_HAN_ENTRY_LINE = re.compile(r"^[^\n\d]{0,2000}\d[^\n]*", re.M)
_HAN_GAP = re.compile(r"(?<=[\u3040-\u30ff\u3400-\u9fff]) {1,20}(?=[\u3040-\u30ff\u3400-\u9fff])")
_NAMES_AN_INSTITUTION = re.compile(r"\b(?:universit(?:y|ies|ät|é|à|ad|e|eit|at)|institute|college|academy|polytechnic)\s+"
                                   r"(?:of|for|de|di|der|du)\b|\b(?:university|institute|college|polytechnic)$")
# ("Leadership and Volunteer", "Experience as Coordinator": headings that join topics or roles)
_HEADING_JOINER = re.compile(r"\b(?:and|as|or|for|of|in)\b|[&,/+]")
_ROLE_LAST = re.compile(r"\b(?:volunteer|mentor|intern|coordinator|leader|ambassador|organi[sz]er)$")
_FRONT_MATTER = re.compile(r"\A(?:\ufeff)?---[ \t]*\n(?:[^\n]*\n){0,200}?---[ \t]*(?=\n|\Z)")


def _blank_keep_lines(m: re.Match[str]) -> str:
    """Replace matched text by as many newlines as it spans, so line numbers stay true."""
    return newlines_of(m.group(0))


def front_matter(text: str) -> dict[str, str]:
    """Jekyll/Hugo front matter (`---` … `---` at the very top) → its simple `key: value` pairs."""
    m = _FRONT_MATTER.match(text.replace("\r\n", "\n")[:20_000])
    out: dict[str, str] = {}
    if m:
        for line in m.group(0).split("\n")[1:-1]:
            kv = re.match(r"^([A-Za-z_][\w-]{0,40})\s*:\s*(.{0,200}?)\s*$", line)
            if kv and kv.group(2):
                out[kv.group(1).lower()] = kv.group(2).strip("\"'")
    return out


_NORMALISE_TEXT_RE1 = re.compile(r"[-|:\s]*")   # (a separator row: "|---|", "|:-|:-:|")
# (not before "and"/"or"/"to": "micro- and nano-electronics", "pre- or post-processing" keep their hyphen)
_NORMALISE_TEXT_RE2 = re.compile(r"([a-z])- (?!(?:and|or|to|und|et|y)\s)([a-z])")


_LI = "\x1d"      # an <li>'s bullet, given to the first text of the item
_LIST_OPEN, _LIST_CLOSE = "\x1c", "\x1a"   # an HTML list's <ul>/<ol> and its end: the depth of the <li>s in it
_NO_LINE = "\x19"     # a source line holding only list tags and <br>s: no text, and no gap between paragraphs
_LIST_TAGS_ONLY = re.compile(r"(?m)^[ \t]*(?:</?(?:ul|ol)\b[^<>\n]{0,300}>|</li\s*>|<br\s*/?>)(?:[ \t]*(?:</?(?:ul|ol)\b[^<>\n]{0,300}>|</li\s*>|<br\s*/?>))*[ \t]*$", re.I)
_LIST_TAG = re.compile(r"<(/?)(?:ul|ol)\b[^<>]{0,300}>", re.I)
_BREAK = "\x1e"   # a line break made from markup (<br>, <li>, <tr>, <h2>): a new line, same source line
_HTML_BLOCK = re.compile(r"</?(?:ul|ol|p|div|table|tbody|thead|tfoot|tr|dl|dt|dd|html|body|section|article|header|"
                         r"footer|main|nav|aside|center|blockquote|details|summary)\b[^<>]{0,300}>", re.I)
# (or set right by a Bootstrap class: '<span class="float-end">2019–2020</span>', "float-right", "pull-right")
_FLOAT_RIGHT = re.compile(r"<(div|span|p)\b[^<>\n]{0,300}?(?:float\s*:\s*right|\bclass\s*=\s*[\"'][^\"'<>\n]{0,200}?"
                          r"\b(?:float-(?:end|right)|pull-right)\b)[^<>\n]{0,300}>([^<>\n]{0,200}(?:<br\s*/?>[^<>\n]{0,200})?)"
                          r"</\1\s*>", re.I)
_HTML_CELL = re.compile(r"<t[dh]\b[^<>]{0,300}>", re.I)
# (the "<" comes first and the word character is looked for behind it: a pattern that opens on a
# look-behind is tried at every position of the text, one that opens on a "<" only at the "<"s)
_WORD_THEN_INLINE = re.compile(r"<(?<=[^\W_]<)(?=span\b)", re.I)
_ADJACENT_INLINE = re.compile(r"(</(?:span|a|time|small)\s*>)(?=<(?:span|a|time|small)\b)", re.I)
_LINK_TITLE = re.compile(r"\]\(\s*(<[^<>\n]{1,2000}>|[^()\s]{1,2000})[ \t]+(?:\"[^\"\n]{0,300}\"|'[^'\n]{0,300}'|\([^()\n]{0,300}\))\s*\)")
_BRACKETED_LINK = re.compile(r"\[\s?(\[[^\[\]\n]{1,80}\]\([^()\s]{0,2000}\))\s?\]")
_CODE_OPEN = re.compile(r"<(script|style|button|iframe|noscript)\b[^<>]{0,2000}>", re.I)


def _blank_code_blocks(text: str) -> str:
    """Blank each `<script>`/`<style>` element, each `<button>` (a page's controls, such as
    a list's filter chips, not its content), and each `<iframe>`/`<noscript>` (what a browser
    shows when it cannot show the embedded page: "Download the CV instead"; the HTML reader
    drops them too), line breaks kept. The closing tag is searched
    for once per element, so many unclosed tags cost linear time, not a scan each."""
    out, pos = [], 0
    unclosed: set[str] = set()      # embedding tags seen without a closing tag after them
    for m in _CODE_OPEN.finditer(text):
        tag = m.group(1).lower()
        if m.start() < pos or tag in unclosed:
            continue
        end = _CODE_CLOSE[tag].search(text, m.end())
        if end is None:
            if tag in ("iframe", "noscript"):   # "<iframe src=… />": nothing inside it to drop
                unclosed.add(tag)
                continue
            break
        out.append(text[pos:m.start()])
        out.append("\n" * text.count("\n", m.start(), end.end()))
        pos = end.end()
    out.append(text[pos:])
    return "".join(out)


_CODE_CLOSE = {tag: re.compile(rf"</{tag}\s*>", re.I) for tag in ("script", "style", "button", "iframe", "noscript")}
_BLOCKQUOTE = re.compile(r"(?m)^[ \t]{0,3}>(?:[ \t]{0,2}>){0,3}(?:[ \t]|$)")
_TABLE_HEAD_ROW = re.compile(r"(?m)^[ \t]*\|[^\n\d|]*(?:\|[^\n\d|]*)+\|[ \t]*\n(?=[ \t]*\|?[ \t]*:?-+:?[ \t]*\|)")
_HTML_HEADING = re.compile(r"<h([1-6])\b[^<>]{0,300}>(.{0,300}?)</h\1\s*>", re.I | re.S)


def normalise_text(text: str) -> list[str]:
    """Undo PDF/HTML extraction damage while keeping line structure and inline markup."""
    return [line for _, line in normalise_lines(text)]


# (a break pasted as a space keeps the parts on one line: "ORCID 0000-0003- 4444-5550")
_BROKEN_ORCID = re.compile(r"(?<![\w-])((?:\d{4}-){1,3})(?:[ \t]*\n[ \t]*|[ \t]+)((?:\d{4}-){0,2}\d{3}[\dX])(?![\w-])")


def _join_orcid(m: re.Match[str]) -> str:
    joined = m.group(1) + m.group(2)
    if not _ORCID_ID.fullmatch(joined):
        return m.group(0)
    return joined + "\n" if "\n" in m.group(0) else joined


def normalise_lines(text: str) -> list[tuple[int, str]]:
    """(source line number, normalised text) per line. HTML blocks written inside Markdown
    (academic site themes put tables, headings and lists in raw HTML) become lines of their
    own — ``<h2>X</h2>`` a Markdown heading, a table row one line of tab-separated cells — and
    every line made that way keeps the number of the source line it came from."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n").replace(_BREAK, " ").replace(_LI, " ")
    if _LIST_OPEN in text or _LIST_CLOSE in text or _NO_LINE in text:
        text = text.replace(_LIST_OPEN, " ").replace(_LIST_CLOSE, " ").replace(_NO_LINE, " ")
    # Site-generator front matter and template code are not content (line numbers kept).
    text = _FRONT_MATTER.sub(_blank_keep_lines, text, count=1)
    # (the passes below that need a "<", "{" or "$" are skipped when the text has none: they cannot match)
    has_tag = "<" in text
    if "<!--" in text:
        # (what re.sub(r"<!--.{0,50000}?-->", …) gives, in linear time: many "<!--" without "-->" made it quadratic)
        text = replace_spans(text, "<!--", "-->", newlines_of, limit=_COMMENT_MAX)
    if "oaicite" in text:
        # a chat assistant's citation marker pasted with its text (":contentReference[oaicite:4]{index=4}")
        # is no content: it would cling to the award, skill or date before it
        text = _CHAT_CITATION.sub("", text)
    if "{{<" in text:
        # "{{< fa solid check >}} Segmentation of clients <br>": an icon shortcode (Quarto, Hugo)
        # opening a line marks it as a list item, as a bullet would
        text = _ICON_SHORTCODE_LEAD.sub("- ", text)
    if "{" in text:
        text = replace_any_spans(text, LIQUID_PAIRS, newlines_of, limit=LIQUID_MAX)  # Jekyll/Liquid tags
    if "```" in text or "~~~" in text:
        text = _code_chunks(text)
    if "mermaid" in text:
        text = _diagram_blocks(text)
    if ":::" in text:
        text = _pandoc_fences(text)
    if "`r " in text:
        # knitr's inline code ("`r Sys.Date()`", "St.Gallen `r emo::ji("flag")`") prints a value
        # computed when the page is rendered: no text of the source
        text = _KNITR_INLINE.sub("", text)
    if "\n###" in text:
        text = _field_blocks(text)
    if "{" in text and ("]{" in text or "){" in text or " {" in text):
        text = _pandoc_attributes(text)
    if " --- " in text:
        # "**Data Specialist** --- Lorem AG, Italy": three hyphens between words are an em dash
        # (Pandoc's and kramdown's typography), parting fields as "—" does (a rule line "---" is
        # left alone, and so are hyphens beside a digit: "2024.10 --- 2025.10" is read as a span)
        text = _TRIPLE_HYPHEN.sub(" — ", text)
    if "\\" in text and _RAW_TEX_HINT.search(text):
        # Raw TeX in a Markdown source written for Pandoc: a line of a layout command alone
        # ("\\vspace{1mm}", "\\hrule", "\\spacebelow", "\\insertbib{articles}") is no content; a
        # "$\\hfill$" or "\\qquad" between fields parts them like a column; a text command
        # ("\\textbf{…}", "\\url{…}", "\\emph{…}") is its text
        text = _TEX_LAYOUT_LINE.sub("", text)
        text = _TEX_LAYOUT_RUN.sub("", text)
        if "\\textbullet" in text or "space{" in text or "\\phantom{" in text or "\\fa" in text:
            # "\\textbullet{} Finance Committee Member, …" (a bullet opening a line, after an indent
            # "\\phantom{.5in}" or not): a list item; "A \\hspace{.03in} \\textbullet \\hspace{.03in} B": a
            # dot between items; a space command ("\\hspace{…}", "\\vspace{…}" before text, "\\phantom{…}")
            # prints no text, and a Font Awesome icon ("\\faGithub") none that is read
            text = _TEX_BULLET_LEAD.sub(r"\1- ", text)
            text = _TEX_BULLET.sub(" • ", text)
            text = _TEX_INDENT.sub(r"\1  ", text)
            text = _TEX_SPACE_COMMAND.sub(" ", text)
            text = _TEX_ICON.sub("", text)
        text = _TEX_SPACING.sub("\t", text)
        text = _TEX_TEXT_COMMAND.sub(r"\1", text)
        if "\\text" in text:      # (one inside another: "\\textit{(selected; \\textsuperscript{*}co-first)}")
            text = _TEX_TEXT_COMMAND.sub(r"\1", text)
    if "\\" in text and _TEX_INLINE.search(text):
        # TeX written inline in a Markdown source for Pandoc: a declaration that prints nothing
        # ("\normalfont", "\small", "\thinspace", "\newline", a "\\" line break) is a space, a
        # logo or a quotation mark its text ("$\LaTeX$" LaTeX, "\og …\fg" “…”)
        text = _TEX_INLINE.sub(_tex_inline, text)
    # <script>/<style> blocks written in a Markdown page are code, not content (the HTML reader drops
    # them too): a MathJax script's address is not the subject's home page, a filter button's
    # label ("Generative AI") not the subject's name
    if has_tag:
        text = _blank_code_blocks(text)
    if '](<' in text:
        # "[Paper PDF](<papers/Lorem Ipsum.pdf>)": CommonMark's bracketed destination, which may
        # hold spaces, is the link's address (spaces escaped, as a link's address has none)
        text = _ANGLE_LINK.sub(lambda m: "](" + m.group(1).replace(" ", "%20") + ")", text)
    if '](' in text:
        # '[Title](paper.pdf "Title")': a Markdown link's title is a tooltip, not text of the page
        text = _LINK_TITLE.sub(r"](\1)", text)
        # "[[doi](url)][[paper](url)]": a link set in brackets is the link
        text = _BRACKETED_LINK.sub(r"\1", text)
    # Full-width sentence punctuation ends a sentence like its ASCII form; other full-width
    # forms ("２０１９", "（", "，") are their ASCII characters.
    if "(cid:" in text:
        # pdfminer's "(cid:12)": a glyph of an icon or bullet font it could not map to a character;
        # a bullet where it opens a line ("(cid:0) Education"), nothing elsewhere
        text = _CID_GLYPH.sub(lambda m: "" if m.start() and text[m.start() - 1] not in "\n\f" else "• ", text)
    text = ascii_forms(text.replace("\u3002", ". ").replace("\uff0e", ". ").replace("\u3000", "\t"))
    if "«" in text:
        text = _GUILLEMETS.sub(r"“\1”", text)      # « Titre de l'article »: a quoted title, as “…”
    if _HAN.search(text):
        # Chinese and Japanese write no spaces between words: on an entry's line (one with a
        # digit) a gap between two of their characters parts fields ("2019年7月 – 至今 清华大学
        # 助理教授"), like a column break; elsewhere it may part a family and a given name
        text = _HAN_ENTRY_LINE.sub(lambda m: _HAN_GAP.sub("\t", m.group(0)), text)
    if "<" in text:     # (ascii_forms turns a full-width "＜" into "<": tested again)
        if "</div" in text or "</DIV" in text:
            text = _grid_date_cells(text)
        if "float" in text:
            # '<b>Research Assistant</b><div style="float: right">July 2023 - Present</div>': an element
            # floated to the right margin is a column of the line (its dates), not a block of its own;
            # two periods stacked in it ("Jan 2021 - May 2021<br />Jan 2022 - May 2022") stay on the line
            text = _FLOAT_RIGHT.sub(lambda m: "\t" + _BR.sub(", ", m.group(2)).strip(), text)
        if lists := ("<li" in text or "<LI" in text):
            # "<ul>" / "<li><b>Lorem University</b></li>" / "  <ul><li>PhD, Ipsum</li></ul>": a list in a list
            # keeps its depth (its items are the details of the item above, as in a Markdown list), and
            # a line of list tags and line breaks alone is no paragraph gap
            text = _LIST_TAGS_ONLY.sub(lambda m: _NO_LINE + m.group(0), text)
        # <br/> inside a word is an extraction slip ("chonlamla<br/>o"); elsewhere a line break.
        text = _BR_IN_WORD.sub("", text)
        # at a line end: the line break is there (a run of blanks starts the match only at its first
        # blank: a 20,000-space run was tried from each of its spaces)
        text = _drop_br_at_line_end(text)
        text = _BR.sub(_BREAK, text)
        text = _HTML_HEADING.sub(lambda m: _BREAK + "#" * int(m.group(1)) + " " + m.group(2).replace("\n", " ")
                                 + _BREAK + "\n" * m.group(2).count("\n"), text)
        # "<span>Marine Biology</span><span>2016 – 2021</span>": two pieces, not one word (as in HTML pages)
        text = _ADJACENT_INLINE.sub(r"\1 ", text)
        # "…Contextual Bandits<span class="award">Oral</span>": a word, then an inline element
        text = _WORD_THEN_INLINE.sub(" <", text)
        if "</dt>" in text:
            text = _dt_dd_rows(text)
        if lists:
            text = _LIST_TAG.sub(lambda m: _BREAK + (_LIST_CLOSE if m.group(1) else _LIST_OPEN) + _BREAK, text)
        text = _HTML_BLOCK.sub(_BREAK, text)
        text = _HTML_CELL.sub("\t", text)
        text = _CELL_END.sub("", text)
        text = _LI_OPEN.sub(_BREAK + _LI, text)
        text = _LI_CLOSE.sub(_BREAK, text)
    if ">" in text and (text[:1] == ">" or "\n>" in text or "\n >" in text):
        # a Markdown block quote ("> PhD Psychology | 2018-2023" / ">" / "> Advisor: Dr. Ann Roe"):
        # its lines, without the quote marks (after the HTML passes: a tag's closing ">" set on a
        # line of its own is gone by then; "&gt;" is unescaped only below)
        text = _BLOCKQUOTE.sub("", text)
    text = html.unescape(text)
    if "\u2003" in text:
        # "- 2021 &emsp; Lorem Prize &emsp; Ipsum University": an em space set between two words
        # spaces columns apart, like a tab (one opening a line only indents it)
        text = _EM_SPACE_GAP.sub("\t", text)
    # a scan's dropped or swapped letter in the words that anchor an affiliation ("Unversity",
    # "Departmnet"): read as the word, so the organization is still found
    if not _SLIPS.keys().isdisjoint(_SLIP_WORD.findall(text)):
        text = _SLIP_WORD.sub(_unslip, text)
    if "|" in text and ("-|" in text or "- |" in text):
        # "| Period | Institution | Course |" over "|:-|:-|:-|": a table's row of column names (no
        # date in it) names the columns, it is no entry; a first row with a date is kept (a table's
        # first entry is often written as its header)
        text = _TABLE_HEAD_ROW.sub("\n", text)
    # (an escaped mark that opens a line stays escaped: "\* denotes equal contribution" is no bullet)
    if "\\*" in text:
        text = _ESCAPED_STAR.sub(_unescape_star, text)
    text = _ESCAPED_QUOTE.sub('"', text).replace("\\_", "_").replace("\\&", "&").replace("\\[", "[").replace("\\]", "]")
    # Pandoc's other escaped punctuation ("KU Leuven \| Leuven, Belgium", "\#1", "\@"): the character
    if "\\" in text:
        text = _ESCAPED_PUNCT.sub(r"\1", text)
    # Raw LaTeX in a pandoc Markdown CV: "Stanford University \hfill 2014-2020 \" sets the dates
    # at the right margin (a column break, like a tab); a line that is only layout commands
    # ("\vfill", "\newpage", "\hyphenpenalty=10000") is no text, nor is a line dated "\today"
    if "\\" in text and _RAW_TEX.search(text):
        if "\\today" in text:
            text = _TODAY_LINE.sub("", text)     # "\hfill _Updated \today._": the build's date stamp
        text = _RAW_TEX_LINE.sub("", _RAW_TEX_HFILL.sub("\t", text))
    # "Start: Jan 2019 - End: Apr 2019" (labels on both ends of a period): the period itself
    if ":" in text and _LABELLED_PERIOD.search(text):
        text = _LABELLED_PERIOD.sub(r"\1 – ", text)
    # "(selected)" / "*(selected; \\* co-first author)*" alone on a line says the list under it is a
    # selection: a note, no entry
    if "(selected" in text or "(Selected" in text:
        text = _SELECTION_NOTE.sub("", text)
    # a page footer's "Copyright © 2017 Jane Roe" / "© 2026 Your Name" is no text of the CV
    if "©" in text:
        text = _COPYRIGHT_LINE.sub("", text)
    # A LaTeX label left by a converter: "$\label{x} Words \ more$"
    if "\\label" in text:
        text = re.sub(r"\$\s*\\label\{[^}]*\}\s*(.*?)\$", lambda m: m.group(1).replace("\\ ", " "), text)
    # an ORCID iD broken by the margin ("ORCID 0000-0003-" / "4444-5550"): joined on the first
    # line, the rest of the next line left on its own (line numbers kept)
    if ("-\n" in text or "- " in text) and _BROKEN_ORCID.search(text):
        text = _BROKEN_ORCID.sub(_join_orcid, text)
    out: list[tuple[int, str]] = []
    bullet = False      # an <li> whose text starts in a later block ("<li>\n<div>Title</div>")
    depth = 0           # how many HTML lists are open
    for no, source_line in enumerate(text.split("\n"), 1):
        if _NO_LINE in source_line:
            if source_line.strip(" \t" + _NO_LINE + _BREAK + _LIST_OPEN + _LIST_CLOSE):
                source_line = source_line.replace(_NO_LINE, "")
            else:
                depth = max(0, depth + source_line.count(_LIST_OPEN) - source_line.count(_LIST_CLOSE))
                continue
        for raw in source_line.split(_BREAK):
            if raw and raw.strip(" \t")[:1] in (_LIST_OPEN, _LIST_CLOSE):
                depth = max(0, depth + raw.count(_LIST_OPEN) - raw.count(_LIST_CLOSE))
                raw = raw.replace(_LIST_OPEN, "").replace(_LIST_CLOSE, "")
            indent = "  " * (depth - 1) if depth > 1 else ""
            if raw.startswith(_LI):
                raw = raw[1:]
                if not raw.strip():
                    bullet = True
                    continue
                raw, bullet = indent + "- " + raw.lstrip(), False
            elif bullet and raw.strip() and not raw.lstrip().startswith("#"):
                raw, bullet = indent + "- " + raw.lstrip(), False
            if not raw.strip() and len(out) and out[-1][0] == no:
                continue        # blank pieces around markup-made breaks are not blank source lines
            out.append((no, _normalise_line(raw)))
    return out


_GUILLEMETS = re.compile(r"«[\s\u00a0\u202f]*([^«»\n]{1,400}?)[\s\u00a0\u202f]*»")
_CID_GLYPH = re.compile(r"\(cid:\d{1,5}\)[ \t]?")


def _slip_variants(words: tuple[str, ...]) -> dict[str, str]:
    """Each word with one inner letter dropped or two neighbours swapped → the word. The first
    letter stays (the pattern looks for it) and so does the last (dropping it may give another
    word: "Proceedings" → "Proceeding")."""
    out: dict[str, str] = {}
    for w in words:
        for i in range(1, len(w) - 1):
            out.setdefault(w[:i] + w[i + 1:], w)
            if i + 2 < len(w):
                out.setdefault(w[:i] + w[i + 1] + w[i] + w[i + 2:], w)
    for w in words + _SLIP_REAL_WORDS:
        out.pop(w, None)
    return out


_SLIP_REAL_WORDS = ("Profesor",)     # (Spanish, Romanian, Polish: a word of its own, not a slip)


_SLIPS = _slip_variants(("University", "Universities", "Department", "Institute", "Laboratory", "Professor",
                         "Polytechnic", "Postdoctoral", "Lecturer"))
# (opens on its letter, the look-behind after it: tried only at those capitals)
_SLIP_WORD = re.compile(r"[UDILP](?<![A-Za-z][UDILP])[a-z]{6,12}(?![a-z])")


def _unslip(m: re.Match[str]) -> str:
    return _SLIPS.get(m.group(0), m.group(0))


_HEADING_SLIPS = {k.lower(): v for k, v in _slip_variants(
    ("Experience", "Experiences", "Education", "Publications", "Employment", "Presentations", "Professional",
     "Achievements", "Certifications", "Qualifications", "Activities", "Internships", "Conferences")).items()}
_HEADING_SLIP_WORD = re.compile(r"(?<![A-Za-z])[A-Za-z]{7,14}(?![A-Za-z])")


def _heading_unslip(m: re.Match[str]) -> str:
    word = m.group(0)
    fixed = _HEADING_SLIPS.get(word.lower())
    return word if fixed is None else (fixed.upper() if word.isupper() else fixed)


_RAW_TEX = re.compile(r"\\(?:hfill|vfill|today|newpage|clearpage|pagebreak|hyphenpenalty|noindent|[bms][a-z]{2,4}skip|vspace)\b")
_LABELLED_PERIOD = re.compile(r"(?i)\b(?:start(?:ed)?|from|begin|since)\s*:\s*([^\s:][^:\n]{0,24}?)\s*[-–—]\s*"
                              r"(?:end(?:ed)?|to|until|finish(?:ed)?)\s*:\s*")
_TODAY_LINE = re.compile(r"(?m)^[^\n\\]{0,80}(?:\\hfill[^\n\\]{0,60})?\\today\b[^\n]{0,40}$")
_RAW_TEX_HFILL = re.compile(r"[ \t]*\\hfill\b[ \t]*")
# a line holding only layout commands (and their arguments): "\vfill", "\vspace{1em}", "\hyphenpenalty=10000"
_RAW_TEX_LINE = re.compile(r"(?m)^[ \t]*(?:\\(?:vfill|newpage|clearpage|pagebreak|noindent|[bms][a-z]{2,4}skip|"
                           r"hyphenpenalty=\d{1,6}|vspace\*?\{[^{}\n]{0,40}\})[ \t]*)+$")
_PAGE_HEADER = re.compile(r"(?i)(?:curriculum\s+vit(?:ae|æ)|vita|cv|r[ée]sum[ée])\s*(?:[-–—|:,]\s*)?(?:page\s*)?\d{1,2}"
                          r"(?:\s*(?:of|/)\s*\d{1,2})?")
_DT_DD = re.compile(r"</dt>[ \t\n]{0,200}<dd\b[^<>]{0,300}>", re.I)


# a grid's cell holding only a date, right after the cell it dates: "</div>" / "<div>2019 - 2021</div>"
_GRID_DATE_CELL = re.compile(r"</div\s*>(?:[ \t]*\n){0,2}[ \t]*<div\b[^<>\n]{0,300}>[ \t]*([^<>\n]{1,60}?)[ \t]*</div\s*>", re.I)
_DIV_OPEN_END = re.compile(r"<div\b[^<>\n]{0,300}>[ \t\n]*\Z", re.I)
_CELL_LINE_BR = re.compile(r"(?:[ \t]*</?br\s*/?>)+[ \t]*\Z", re.I)


def _grid_date_cells(text: str) -> str:
    """A CSS grid of two columns written as raw HTML in a Markdown page ("<div>" /
    "<strong>Title</strong><br>" / "Org<br>" / "</div>" / "<div>2019 - 2021</div>", then the next
    entry's cell): each date cell dates the cell before it, so its date is set at the end of that
    cell's first line, as a column of the entry's title line (read line by line, each date would
    open the next entry). Only a grid whose first cell is an entry, every entry cell followed by its
    date cell, is read so: a grid whose date cells come first is left as it was. Line numbers are kept."""
    out: list[str] = []
    pos = 0
    paired_end = -1      # where the last date cell moved up ended
    for m in _GRID_DATE_CELL.finditer(text):
        if m.start() < pos or not _field_date(m.group(1)):
            continue
        start = max(text.rfind("<div", pos, m.start()), text.rfind("<DIV", pos, m.start()))
        if start < 0:
            continue
        open_end = text.find(">", start) + 1
        cell = text[open_end:m.start()]
        if "</div" in cell.lower() or not cell.strip() or _field_date(_CELL_LINE_BR.sub("", cell).strip()):
            continue
        before = text[max(0, start - 400):start]
        # the entry cell opens the grid, or follows the date cell of the entry before it
        if not (_DIV_OPEN_END.search(before) or (paired_end >= 0 and not text[paired_end:start].strip())):
            continue
        lines = cell.split("\n")
        first = next(k for k, ln in enumerate(lines) if ln.strip())
        pieces = [p.strip() for p in _BR.split(cell) for p in p.split("\n") if p.strip()]
        if len(pieces) <= 5 and all(len(p) <= 120 and p[:1] not in "-*+<" or p[:8].lower() in ("<strong>", "<b>") for p in pieces):
            # a few short lines (the title, its organization, unit and place): one line, its date last
            second = next((k for k in range(first + 1, len(lines)) if lines[k].strip()), None)
            lines = [""] * len(lines)
            lines[first] = pieces[0] + "\t" + m.group(1)
            if len(pieces) > 1:
                lines[second if second is not None else first] += (_BREAK if second is None else "") + ", ".join(pieces[1:])
        else:
            br = _CELL_LINE_BR.search(lines[first])
            cut = br.start() if br else len(lines[first].rstrip())
            lines[first] = lines[first][:cut] + "<br>" + m.group(1) + lines[first][cut:]
        out.append(text[pos:open_end] + "\n".join(lines) + "</div>" + "\n" * m.group(0).count("\n"))
        pos = paired_end = m.end()
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)


def _dt_dd_rows(text: str) -> str:
    """"<dt>2015–2018</dt>" / "<dd>Entry</dd>": a term and its definition are one row, a date column
    and its entry, read at the term's line; the line breaks between them move to after the
    definition, so every later line keeps its number."""
    out: list[str] = []
    pos = 0
    for m in _DT_DD.finditer(text):
        if m.start() < pos:
            continue
        end = text.find("</dd>", m.end())
        end = len(text) if end < 0 else end
        out.append(text[pos:m.start()] + "\t" + text[m.end():end] + "\n" * m.group(0).count("\n"))
        pos = end
    return "".join(out) + text[pos:]
# Pandoc / Quarto / R Markdown fenced divs: ":::: {.columns}", "::: {.column width="10%"}", ":::"
_FENCE_LINE = re.compile(r"[ \t]{0,3}(:{3,})[ \t]*(\{[^{}\n]{0,300}\}|[\w.-]{1,60})?[ \t]*(?::{3,}[ \t]*)?")
# ("{.content-visible when-profile="english"}": the div is shown in that profile's rendering only)
_PROFILE_DIV = re.compile(r"\.content-visible\b[^{}]*\bwhen-profile\s*=\s*[\"']?([\w-]{1,40})")
_COLLAPSED_CALLOUT = re.compile(r"\.callout\b[^{}]*\bcollapse\s*=\s*[\"']?true", re.I)
# an attribute block "{target="_blank"}", "{.content-visible when-profile="en"}", "{#sec-edu .unnumbered}"
_ATTRS = (r"\{(?:[.#][\w:-]+|[\w-]+=(?:\"[^\"\n]{0,200}\"|'[^'\n]{0,200}'|[^\s{}\"']{1,200}))"
          r"(?:[ \t]+(?:[.#][\w:-]+|[\w-]+=(?:\"[^\"\n]{0,200}\"|'[^'\n]{0,200}'|[^\s{}\"']{1,200}))){0,12}[ \t]*\}")
_LINK_ATTRS = re.compile(r"(?<=\))" + _ATTRS)
_HEADING_ATTRS = re.compile(r"(?m)^(#{1,6}[ \t][^\n]*?)[ \t]+" + _ATTRS + r"[ \t]*$")
_KRAMDOWN_ATTRS = re.compile(r"[ \t]*\{:[^{}\n]{0,300}\}")
_UNNUMBERED = re.compile(r"(?m)^(#{1,6}[ \t][^\n]*?)[ \t]+\{-\}[ \t]*$")
_SPAN_ATTRS = re.compile(r"\]" + _ATTRS)


# a fenced code block's opening line: "```{r}", "```{python}", "``` {r setup, include=FALSE}",
# "```{=html}", "~~~{.python}" (group 1 the fence, group 2 what follows it)
_CODE_FENCE = re.compile(r"[ \t]{0,3}(`{3,}|~{3,})[ \t]*([^\n`]{0,300})")


def _code_chunks(text: str) -> str:
    """R Markdown and Quarto code chunks ("```{r}" … "```", "```{python}", "```{.bash}") are
    code: the script that prints a section from a spreadsheet or a YAML file, not the section's
    text, and the chunk is blanked. A raw block ("```{=html}" … "```") is the page's own markup:
    its fence lines are blanked and its content read. A plain fence ("```", "```text") is left
    as it is: CVs typeset whole in a fenced block of text exist. A chunk never closed is left
    as it is too. Line numbers are kept."""
    source = text.split("\n")
    lines = list(source)
    fence = ""                  # the open chunk's fence ("" when none is open)
    code = False                # is the open chunk code (blanked), or raw markup (read)
    opened = -1
    for i, line in enumerate(source):
        stripped = line.strip()
        if fence:
            if stripped[:3] == fence[:3] and not stripped.strip(fence[0]) and len(stripped) >= len(fence):
                fence = ""
                lines[i] = ""
            elif code:
                lines[i] = ""
            continue
        if stripped[:3] not in ("```", "~~~") or not (m := _CODE_FENCE.fullmatch(line)) \
                or not (m.group(2).startswith("{") or m.group(2).strip().lower() in _DIAGRAM_LANGUAGES):
            continue
        # ("```mermaid": a diagram's source, drawn when the page is rendered: code, no text)
        fence, code, opened = m.group(1), not m.group(2)[1:].lstrip().startswith("="), i
        lines[i] = ""
    if fence:                   # never closed: the rest is read as it was
        lines[opened:] = source[opened:]
    return "\n".join(lines) if opened >= 0 else text


_DIAGRAM_LANGUAGES = frozenset(("mermaid", "dot", "graphviz", "plantuml"))
_DIAGRAM_OPEN = re.compile(r"<(pre|div)\b[^<>]{0,300}?\bclass\s*=\s*[\"'][^\"'<>]{0,200}?\bmermaid\b[^<>]{0,300}>", re.I)


def _diagram_blocks(text: str) -> str:
    """'<pre class="mermaid">' … '</pre>' (a diagram's source, drawn by a script when the page is
    shown: "kanban", "task1[…]" lines) is no text of the CV: blanked, its line breaks kept."""
    out, pos = [], 0
    while (m := _DIAGRAM_OPEN.search(text, pos)) is not None:
        end = text.lower().find(f"</{m.group(1).lower()}>", m.end())
        if end < 0:
            break
        close = end + len(m.group(1)) + 3
        out.append(text[pos:m.start()])
        out.append("\n" * text.count("\n", m.start(), close))
        pos = close
    out.append(text[pos:])
    return "".join(out)


def _pandoc_fences(text: str) -> str:
    """Pandoc's fenced divs (Quarto and R Markdown CVs lay entries out in ":::: {.columns}" /
    "::: {.column width="10%"}" blocks): the fence lines are layout, not text, and are blanked. A
    collapsed callout ("::: {.callout-note collapse=true}" over "### Abstract" and its paragraphs)
    is hidden detail whose heading would open a section of its own: the whole block is blanked.
    A page that holds its CV once per Quarto profile ("::: {.content-visible when-profile="english"}"
    … "::: {.content-visible when-profile="french"}", the same CV in two languages) is read in the
    first profile only: the divs of the other profiles are blanked like a collapsed callout.
    Line numbers are kept."""
    lines = text.split("\n")
    stack: list[bool] = []         # per open div: is it hidden (a collapsed callout, another profile)
    hidden = 0
    changed = False
    profile: str | None = None     # the first profile a div is shown for
    for i, line in enumerate(lines):
        if ":::" not in line[:8] or not (m := _FENCE_LINE.fullmatch(line)):
            if hidden:
                lines[i] = ""
                changed = True
            continue
        changed = True
        lines[i] = ""
        if m.group(2):                              # an opening fence
            collapsed = bool(_COLLAPSED_CALLOUT.search(m.group(2)))
            if "when-profile" in m.group(2) and (shown := _PROFILE_DIV.search(m.group(2))):
                profile = profile or shown.group(1)
                collapsed = collapsed or shown.group(1) != profile
            stack.append(collapsed)
            hidden += collapsed
        elif stack:                                 # a closing fence
            hidden -= stack.pop()
    return "\n".join(lines) if changed else text


_TRIPLE_HYPHEN = re.compile(r"(?<=[^\s\d]) --- (?=[^\s\d])")
_KNITR_INLINE = re.compile(r"`r [^`\n]{0,300}`")
_PANDOC_ATTRIBUTE_ANY = re.compile(r"[ \t]*\{[^{}\n]{0,200}\}[ \t]*$")
_SETEXT_ATTRS = re.compile(r"(?m)(?<=\S)[ \t]+" + _ATTRS + r"[ \t]*$(?=\n(?:={3,}|-{3,})[ \t]*$)")
# an entry written as a heading over its fields, one short paragraph each (R Markdown's pagedown
# résumé: "### Title" / "Organization" / "Place" or "N/A" / "2018 - 2016"), and a section's heading
_ENTRY_HEADING = re.compile(r"#{3,6}[ \t]+(\S[^\n]{0,300}?)[ \t]*#*")
_SECTION_HEADING = re.compile(r"#{1,2}[ \t]+(\S[^\n]{0,200}?)[ \t]*#*")
_SETEXT_RULE = re.compile(r"(?:={3,}|-{3,})[ \t]*")
_FIELD_DATE_CHARS = re.compile(r"[\w\s,./()–—-]{1,40}")
_FIELD_DATE_WORDS = frozenset("spring summer fall autumn winter present current currently now today ongoing since "
                              "until to expected".split())
_PRESENT_WORDS = frozenset("present current currently now today ongoing".split())
_FIELD_SPAN = re.compile(r"(.+?)[ \t]*(?:-{1,2}|–|—)[ \t]*(.+)")
_LIST_LEAD = re.compile(r"[ \t]{0,3}(?:[-*+•][ \t]|\d{1,3}[.)][ \t]|:::|<|\|)")
_MONTH_SHORT_YEAR = re.compile(r"(?<![\d/])(0?[1-9]|1[0-2])/(\d\d)(?![\d/])")
_NO_FIELD = frozenset(("n/a", "na", "none", "-", "–", "—"))


def _field_date(line: str) -> bool:
    """A paragraph that is only a date or span ("2018", "11/23 - Current", "Oct. 2014 - Sep. 2017",
    "currently - 2018", "Spring 2020")."""
    t = line.strip().rstrip("\\").strip()
    if not _FIELD_DATE_CHARS.fullmatch(t):
        return False
    words = re.findall(r"[A-Za-z]+", t)
    if not all(w.lower() in MONTHS or w.lower() in _FIELD_DATE_WORDS for w in words):
        return False
    return any(ch.isdigit() for ch in t) or any(w.lower() in _PRESENT_WORDS for w in words)


def _latest_first(span: str) -> str:
    """A span written latest first ("2016 - 2015", "currently - 2018") in reading order; a month
    and two-digit year ("11/23") the month and its year ("11/2023")."""
    if "/" in span:
        span = _MONTH_SHORT_YEAR.sub(lambda y: f"{y.group(1)}/{'19' if int(y.group(2)) > 60 else '20'}{y.group(2)}", span)
    m = _FIELD_SPAN.fullmatch(span)
    if not m:
        return span
    first, second = m.group(1).strip(), m.group(2).strip()
    if first.lower() in _PRESENT_WORDS and second.lower() not in _PRESENT_WORDS:
        return f"{second} - present"
    y1, y2 = re.findall(r"(?:19|20)\d\d", first), re.findall(r"(?:19|20)\d\d", second)
    if y1 and y2 and int(y1[-1]) > int(y2[-1]):
        return f"{second} - {first}"
    return span


def _field_blocks(text: str) -> str:
    """An entry laid out as a heading over its fields, each a short paragraph, the last its date
    (pagedown's résumé: "### Senior Analyst" / "Ostrander Data Group" / "N/A" / "2018 - 2016", then
    its description) becomes one list item, "- Senior Analyst, Ostrander Data Group, 2016 - 2018"
    (a field "N/A" is no field; a span written latest first is turned round; under a publications
    heading "- **Title**. Venue. 2024."), and the description under it is indented as the item's
    own. A heading over anything else (a sentence, a list, a date alone) is left as it was. Line
    numbers are kept."""
    lines = text.split("\n")
    n = len(lines)
    kind: str | None = None
    changed = False
    i = 0
    while i < n:
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if i + 1 < n and line[:1] not in "#-*+ \t|<" and _SETEXT_RULE.fullmatch(lines[i + 1]):
            kind = classify_heading(_PANDOC_ATTRIBUTE_ANY.sub("", line).strip())
            i += 2
            continue
        if line[:1] != "#":
            i += 1
            continue
        if (m := _SECTION_HEADING.fullmatch(line.rstrip())):
            kind = classify_heading(_PANDOC_ATTRIBUTE_ANY.sub("", m.group(1)).strip())
            i += 1
            continue
        m = _ENTRY_HEADING.fullmatch(line.rstrip())
        if not m or kind is None:
            i += 1
            continue
        # the paragraphs under the heading: up to three short ones, the last of them a date
        paragraphs: list[list[int]] = []
        j = i + 1
        date_at = -1
        while j < n and len(paragraphs) < 3:
            while j < n and not lines[j].strip():
                j += 1
            if j >= n or lines[j][:1] == "#" or _LIST_LEAD.match(lines[j]):
                break
            para = []
            while j < n and lines[j].strip() and len(para) < 5 and lines[j][:1] != "#" \
                    and not _LIST_LEAD.match(lines[j]):
                para.append(j)
                j += 1
            if len(para) > 4 or sum(len(lines[k].strip()) for k in para) > 200:
                break
            paragraphs.append(para)
            if len(para) == 1 and _field_date(lines[para[0]]):
                date_at = len(paragraphs) - 1
                break
        if date_at < 1:
            i += 1
            continue
        fields = [" ".join(lines[k].strip().rstrip("\\").strip() for k in para) for para in paragraphs[:-1]]
        fields = [f for f in fields if f.lower() not in _NO_FIELD]
        date = _latest_first(lines[paragraphs[-1][0]].strip().rstrip("\\").strip())
        title = m.group(1)
        if kind == "publications":
            lines[i] = f"- **{title}**. " + ". ".join(fields + [date]) + "."
        else:
            lines[i] = "- " + ", ".join([title, *fields, date])
        for para in paragraphs:
            for k in para:
                lines[k] = ""
        changed = True
        # the description under it, up to the next heading, is the item's own
        k = paragraphs[-1][-1] + 1
        while k < n and lines[k][:1] != "#" and not (k + 1 < n and lines[k].strip() and _SETEXT_RULE.fullmatch(lines[k + 1])):
            if lines[k].strip() and not _SETEXT_RULE.fullmatch(lines[k]):
                lines[k] = "  " + lines[k]
            k += 1
        i = k
    return "\n".join(lines) if changed else text


def _pandoc_attributes(text: str) -> str:
    """Pandoc attribute blocks are no text: "[Insee](url){target="_blank"}" is the link, "## Skills
    {.unnumbered}" the heading, and a bracketed span "[…]{.content-visible when-profile="en"}" its
    words (its brackets and attributes dropped; the span may hold links and run over lines)."""
    if "){" in text:
        text = _LINK_ATTRS.sub("", text)
    if "{:" in text:
        # a kramdown attribute list ("[Download my CV](cv.pdf){: .btn .btn--black}", "{:toc}") is no text
        text = _KRAMDOWN_ATTRS.sub("", text)
    if "}\n-" in text or "}\n=" in text:
        # a setext heading's attributes ("Education {data-icon=graduation-cap}" over "-----")
        text = _SETEXT_ATTRS.sub("", text)
    if "#" in text:
        text = _HEADING_ATTRS.sub(r"\1", text)
        if "{-}" in text:
            text = _UNNUMBERED.sub(r"\1", text)    # "## Diffusion {-}": Pandoc's "unnumbered" mark
    if "]{" not in text:
        return text
    out, pos = [], 0
    for m in _SPAN_ATTRS.finditer(text):
        depth, j = 0, m.start() - 1
        while j >= pos and m.start() - j < 2000:     # the span's own "[": brackets of links inside skipped
            ch = text[j]
            if ch == "]":
                depth += 1
            elif ch == "[":
                if depth == 0:
                    break
                depth -= 1
            j -= 1
        if j < pos or text[j] != "[" or m.start() - j >= 2000:
            continue
        out.append(text[pos:j])
        out.append(text[j + 1:m.start()])
        pos = m.end()
    out.append(text[pos:])
    return "".join(out)


_COMMENT_MAX = 50_000       # an HTML comment longer than this is left as text
_REFEREE_WORD = re.compile(r"\breferee(?:s|ing)?\b", re.I)
_CHAT_CITATION = re.compile(r"[ \t]*:?contentReference\[oaicite:\d{1,4}\](?:\{index=\d{1,4}\})?")
_ICON_SHORTCODE_LEAD = re.compile(r"(?m)^[ \t]*\{\{<\s*(?:fa|fas|far|fab|icon|bi|iconify|fontawesome)\b[^<>\n]{0,200}>\}\}[ \t]*(?=\S)")
_ANGLE_LINK = re.compile(r"\]\(<([^<>\n]{1,2000})>\)")
_RAW_TEX_HINT = re.compile(r"\\(?:[a-z]+skip|[vh]space|hrule|hfill|q?quad|noindent|pagestyle|textbf|emph|url|"
                           r"textsuperscript|[a-z]+\b(?=[ \t]*$))", re.M)
# a line that is one TeX command with no text (its argument, if any, a short name or a length; a
# register and its length: "\\setlength{\\parindent}{-0.5in}")
_TEX_LAYOUT_LINE = re.compile(r"(?m)^[ \t]*\\(?!(?:sub)*section\b|chapter\b|part\b|paragraph\b|item\b)[A-Za-z]+\*?"
                              r"(?:\{\\?[\w.*-]{0,24}\})?(?:\{-?\d*\.?\d+(?:in|pt|cm|mm|em|ex|bp)\})?(?:\{\})?[ \t]*$")
# a line of TeX layout commands only, several in a row or nested: "\\noindent\\rule{0.8\\linewidth}{0.4pt}",
# "\\begin{center}\\rule{…}{…}\\end{center}", "\\vspace{-.07in} \\small"
_TEX_LAYOUT_RUN = re.compile(r"(?m)^[ \t]*(?:\\(?:noindent|rule|[vh]space\*?|small|footnotesize|scriptsize|tiny|normalsize|"
                             r"large|Large|normalfont|bfseries|itshape|centering|raggedright|begin|end|hrule|medskip|"
                             r"smallskip|bigskip|newpage|pagebreak|clearpage|linebreak|newline|thinspace|par)\b"
                             r"(?:\{[\\\w.*-]{0,30}\})*[ \t]*){2,}$")
# inline TeX that prints no text (a space), a logo (its name) or a French quotation ("\\og …\\fg": “…”)
_TEX_INLINE = re.compile(r"\\og\b[ \t]*([^\\\n]{1,300}?)[ \t]*\\fg\b(?:\{\})?|\$?\\(LaTeX|TeX)\b\$?(?:\{\})?|"
                         r"\\(?:normalfont|small|footnotesize|scriptsize|normalsize|bfseries|itshape|thinspace|newline|"
                         r"noindent)\b(?:\{\})?|(?<=\S)[ \t]*\\\\(?!\\)[ \t]*(?=\S)")


def _tex_inline(m: re.Match[str]) -> str:
    if m.group(1) is not None:
        return "“" + m.group(1) + "”"
    if m.group(2) is not None:
        return "LaTeX" if m.group(2) == "LaTeX" else "TeX"
    return " "


_TEX_BULLET_LEAD = re.compile(r"(?m)^([ \t]*)(?:\\phantom\{[^{}\n]{0,20}\}[ \t]*)?\\textbullet\b(?:\{\})?[ \t]*")
_TEX_BULLET = re.compile(r"\\textbullet\b(?:\{\})?[ \t]*")
_SELECTION_NOTE = re.compile(r"(?m)^[ \t]*[*_]{0,2}\((?i:selected)\b[^()\n]{0,80}\)[*_]{0,2}[ \t]*$")
_TEX_INDENT = re.compile(r"(?m)^([ \t]*)\\phantom\{[^{}\n]{0,20}\}[ \t]*(?:\\(?:small|footnotesize|normalsize)\b[ \t]*)?")
_TEX_SPACE_COMMAND = re.compile(r"\\(?:[hv]space\*?|phantom)\{[^{}\n]{0,20}\}[ \t]*")
_TEX_ICON = re.compile(r"\\(?:fa|ai)[A-Z]\w{0,30}\b(?:[ \t]*\\[ \t])?[ \t]*")
_TEX_SPACING = re.compile(r"[ \t]*(?:\$\\hfill(?:\s*\|\s*\\hfill)?\$|\\hfill\b|\\q?quad\b)[ \t]*")
_TEX_TEXT_COMMAND = re.compile(r"\\(?:textbf|textit|textsc|texttt|emph|underline|url|textsuperscript)\{([^{}\n]{0,300})\}")
_BR_IN_WORD = re.compile(r"<(?<=[\w.]<)/?br\s*/?>(?=\w)", re.I)     # (the "<" first: see _WORD_THEN_INLINE)
_BR_AT_END = re.compile(r"</?br\s*/?>[ \t]*(?=\n)", re.I)


def _drop_br_at_line_end(text: str) -> str:
    r"""Drop each <br> that ends a line, with the blanks around it. (The same as substituting
    ``[ \t]*<br\s*/?>[ \t]*(?=\n)``, but a pattern that opens on blanks is tried at every position
    of the text: this one is found by its "<" and the blanks before it are taken afterwards.)"""
    out, pos = [], 0
    for m in _BR_AT_END.finditer(text):
        start = m.start()
        while start > pos and text[start - 1] in " \t":
            start -= 1
        out.append(text[pos:start])
        pos = m.end()
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)


_BR = re.compile(r"</?br\s*/?>", re.I)     # ("</br>", a common slip for "<br/>", too)
_CELL_END = re.compile(r"</t[dh]\s*>", re.I)
_LI_OPEN = re.compile(r"<li\b[^<>]{0,200}>", re.I)
_LI_CLOSE = re.compile(r"</li>", re.I)
# (not "\*", "\_", "\&", "\[", "\]", '\"': read above; not a letter: "\hfill" is raw LaTeX)
_ESCAPED_PUNCT = re.compile(r"\\([|#@~<>$%{}()+!.])")
_ESCAPED_QUOTE = re.compile(r'\\"(?![A-Za-z])')    # 'patient.\"' (Markdown), not LaTeX's umlaut '\"o'
# Markdown's escaped asterisk: "Lin\*," — unless it opens its line (first alternative, kept)
_ESCAPED_STAR = re.compile(r"(?m)(^[ \t]*\\\*)|\\\*")


def _unescape_star(m: re.Match[str]) -> str:
    if m.group(1):
        return m.group(1)
    # (after emphasis or a space, "**Me**\*" / "Me \*", U+2217: a literal mark that opens and closes no emphasis)
    return "\u2217" if m.start() and m.string[m.start() - 1] in "* \t" else "*"

_LETTER_SPACED_LINE = re.compile(r"(?:\S{1,2}\s+)+\S{1,2}")
# (patterns open on a character, with the look-behind after it: one that opens on a look-behind is
# tried at every position of the line)
_SPACE_COLUMNS = re.compile(r"[ \u00a0](?<=\S[ \u00a0])[ \u00a0]{2,}(?=\S)")


_OCR_YEAR = re.compile(r"[12](?<![\w.][12])[0-9OolI]{3}(?!\w|\.\d)")
_OCR_FOLD = str.maketrans("OolI", "0011")


def _ocr_year(m: re.Match[str]) -> str:
    """'2O19', '2Ol3' (a scan's letters O, o, l, I for the digits 0 and 1) → '2019', '2013';
    other words are left as they are."""
    word = m.group(0)
    folded = word.translate(_OCR_FOLD)
    return folded if folded != word and re.fullmatch(r"(?:19|20)\d\d", folded) and word[1] in "90O" else word


# A scan's slips inside a word ("Univers1ty", "C0llege", "Departrnent" is not read): a 0 or 1
# between letters read as the letter it stands for, only where that gives a word CVs use
_OCR_IN_WORD = re.compile(r"[01](?:(?<=[a-z][01])(?=[a-z])|(?<=\b[A-Z][01])(?=[a-z]{2}))")
_OCR_WORD_AT = re.compile(r"[A-Za-z01]+")
_OCR_VOCAB = frozenset("""
university universities universitet universiteit universidad universidade institute institut college school
department faculty laboratory laboratories center centre academy polytechnic hospital foundation society
professor assistant associate lecturer researcher research scientist fellow fellowship postdoctoral student
engineering engineer science sciences computer computing physics mathematics chemistry biology economics
statistics medicine informatics technology international national conference journal proceedings symposium
workshop publications publication education experience teaching awards award honors honours service talks
skills languages interests thesis dissertation advisor supervisor bachelor master doctor philosophy of
california london oxford cambridge
""".split())


def _ocr_word(m: re.Match[str]) -> str:
    word = m.group(0)
    if not _OCR_IN_WORD.search(word):
        return word
    for ones in ("i", "l"):
        cand = word.replace("0", "o").replace("1", ones)
        if cand.lower() in _OCR_VOCAB:
            return cand
    return word


# a list item whose dates open it in brackets, before a dash or the entry: "- [2021 - 2025] — **PhD …**",
# "- [2022-] **Visiting …**", "* [2022, 2023, 2024] — **Summer intern …**" (group 2 the dates)
_BRACKETED_LEAD_DATES = re.compile(r"^([ \t]*[-*+][ \t]+)\[[ \t]*((?:19|20)\d\d(?:[ \t]*(?:[-–—]|,)[ \t]*(?:(?:19|20)\d\d|"
                                   r"present|now|current)?){0,4})[ \t]*\][ \t]*(?:[-–—:][ \t]*)?(?=\S)", re.I)


def _lead_dates(dates: str) -> str:
    """The dates of `_BRACKETED_LEAD_DATES` as a date column: "2022-" (open) is "2022 - present",
    "2022, 2023, 2024" (the same post each year) the span "2022 - 2024"."""
    years = re.findall(r"(?:19|20)\d\d", dates)
    if "," in dates and len(years) >= 2:
        return f"{years[0]} - {years[-1]}"
    if re.fullmatch(r"(?:19|20)\d\d[ \t]*[-–—]", dates.strip()):
        return years[0] + " - present"
    return dates.strip()


def _normalise_line(raw: str) -> str:
    line = raw[:MAX_LINE].rstrip()
    if not line:
        return line
    if _OCR_YEAR.search(line):
        line = _OCR_YEAR.sub(_ocr_year, line)
    if _OCR_IN_WORD.search(line):
        line = _OCR_WORD_AT.sub(_ocr_word, line)
    if "[" in line and "]" in line:
        line = _BRACKETED_END_YEAR.sub(r"\1", line)     # "2014-[2021]": an expected year, in brackets
        if (lead := _BRACKETED_LEAD_DATES.match(line)) is not None:
            line = lead.group(1) + _lead_dates(lead.group(2)) + ": " + line[lead.end():]
    if line.endswith("\\") and not line.endswith("\\\\"):
        line = line[:-1].rstrip()      # Markdown's hard line break "…, B. Berger\" (the break itself is kept)
    # "Lorem Inc, Staff SE ------------- Boston MA", "Lorem Prize ........ 2019": a leader of dashes,
    # dots or underscores between two texts is a column break
    if ("----" in line or "...." in line or "____" in line or "……" in line) and _LEADER.search(line):
        line = _LEADER.sub("\t", line)
    # pdftotext -layout aligns columns with runs of spaces: a column break, like a tab
    if "   " in line and not _LETTER_SPACED_LINE.fullmatch(line.strip()):     # not "W O R K   E X P …"
        line = _SPACE_COLUMNS.sub("\t", line)
    if "  " in line and _stretched(line):
        # a justified line as pdfminer gives it, its word gaps doubled: single spaces again
        # (rejoin_split_lines has read the doubled gaps already: it sees the source's lines)
        line = _STRETCHED_GAP.sub(" ", line)
    # (the only text the pattern matches has a "- "; searched first: a substitution with a group
    # in its replacement costs a call into Python even when nothing matches)
    if "- " in line and _NORMALISE_TEXT_RE2.search(line):
        line = _NORMALISE_TEXT_RE2.sub(r"\1\2", line)  # "combina- tion" → "combination"
    line = line.replace("\u00a0", " ").replace("\u200b", "")
    if "HYPERLINK" in line:
        line = _WORD_FIELD.sub("", line)    # a Word field code left in the text: HYPERLINK "url"
    stripped = line.strip()
    # (a table's separator row has a "--"; the other test needs a "|")
    # (a run of dashes alone is no table row: it underlines a setext heading, "Submitted" over "-----")
    if "--" in stripped and _TABLE_SEP.match(stripped) and not _SETEXT.match(stripped) \
            or "|" in stripped and _NORMALISE_TEXT_RE1.fullmatch(stripped):
        return ""
    if stripped.startswith("|") or stripped.startswith("- |"):
        cells = [c.strip() for c in stripped.lstrip("- ").strip("|").split("|")]
        if "NA" in cells or "logical(0)" in cells or " - NA" in stripped:
            # a table an R document printed (knitr::kable, vitae): "NA" and "logical(0)" are its
            # missing values, "2018 - NA" a period with no end yet
            cells = ["" if c in ("NA", "logical(0)") else _R_NA_END.sub("", c) for c in cells]
        line = "\t".join(c for c in cells if c)
    if line[:1] == "`" and (code := _CODE_DATE_CELL.match(line)):
        # "`2014-` **Associate Professor**, …", "`2007-2014` …": a date set in code marks before the
        # entry is its date column
        line = code.group(1).strip() + "\t" + line[code.end():]
    if line[4:5] in (" ", "-") and line[:2] in ("19", "20") and "\t" in line:
        if line[4:5] == " ":
            line = _YEAR_FIRST_CELL.sub(_month_first, line, count=1)
        elif line[10:11] == "\t":
            line = _ISO_DATE_CELL.sub(month_and_year, line, count=1)
    return line


# a full date alone in a table's first cell, "2018-11-29" (an Org timestamp, a talk's or lecture's
# day): its day is finer than any record date, and "-29" was read as part of the entry's text
_R_NA_END = re.compile(r"(?<=\d)\s+-\s+NA$")
_ISO_DATE_CELL = re.compile(r"((?:19|20)\d\d)-(0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?=\t)")
_MONTH_ABBR = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()


def month_and_year(m: re.Match) -> str:
    """A date matched as (year, month number, …) → "Nov 2018" (also Org timestamps: mappers.markup)."""
    return f"{_MONTH_ABBR[int(m.group(2)) - 1]} {m.group(1)}"


# a date cell written year first, "2018 Dec", "2015 June-Aug", "2019 Mär – 2020 Feb" (Org and
# German/East Asian CVs' tables): read as "Dec 2018", "June 2015 – Aug 2015", like other cells
_YEAR_FIRST_CELL = re.compile(r"((?:19|20)\d\d) ([^\W\d_]{3,9})\.?(?:[ ]?[-\u2010-\u2015][ ]?(?:((?:19|20)\d\d) )?"
                              r"([^\W\d_]{3,9})\.?)?(?=\t)")


def _month_first(m: re.Match) -> str:
    year, mon, year2, mon2 = m.groups()
    if mon.lower() not in MONTHS or mon2 and mon2.lower() not in MONTHS:
        return m.group(0)
    return f"{mon} {year} – {mon2} {year2 or year}" if mon2 else f"{mon} {year}"


_LEADER = re.compile(r"(?<=\S)[ \t]+(?:-{4,}|\.{4,}|_{4,}|…{2,})[ \t]+(?=\S)")
_BRACKETED_END_YEAR = re.compile(r"(?:(?<=[-–—])|(?<=[-–—] ))\[((?:19|20)\d\d)\]")
_WORD_FIELD = re.compile(r'\bHYPERLINK\s+"[^"\n]{0,2000}"\s*')


# A heading that reads like a section's name (a few words, no comma, date or organization),
# unlike an entry written as a heading ("## Tsinghua University, Beijing").
_SECTION_LIKE = re.compile(r"[^\W\d_][\w&'’\- ]{1,40}")
_ENTRY_WORDS = re.compile(r"\b(?:universit\w*|college|institute|school|laborator\w*|lab|inc|ltd|corp\w*|group|"
                          r"center|centre|hospital|company|intern\w*|engineer|scientist|researcher|professor|"
                          r"lecturer|fellow|assistant|student|candidate|ph\.?d|m\.?sc?|b\.?sc?)\b", re.I)


def _md_level(line: str, next_line: str) -> int | None:
    m = _MD_HEADING.match(line)
    if m:
        return len(m.group(1))
    if _SETEXT.match(next_line):
        return 1 if next_line.strip().startswith("=") else 2
    return None


_HTML_HEADING_MARK = re.compile(r"#{1,6}\s")
_YEAR_ONLY_HEADING = re.compile(r"\s*(?:19|20)\d\d\s*")
_LINKED_HEADING = re.compile(r"#{1,6}\s+\[[^\[\]]{3,300}\]\([^()\s]{0,500}\)\s*")


_STATUS_LABEL = re.compile(r"(?:current|completed|ongoing|past|previous|pending|active|funded|awarded|submitted|"
                           r"under\s+review|in\s+(?:preparation|progress))(?:\s+(?:grants?|funding|projects?|positions?))?", re.I)
# a section's only text while it is not yet written: "Coming soon!", "TBA", "(under construction)"
_PLACEHOLDER = re.compile(r"[\s*_(\[]*(?:coming\s+soon|to\s+be\s+(?:announced|added|updated)|tba|tbd|"
                          r"under\s+construction|stay\s+tuned|more\s+(?:to\s+come|soon))[\s.!…*_)\]]*", re.I)


def split_sections(text: str, markdown: bool = False) -> list[Section]:
    """The document's sections and their lines. In Markdown (``markdown``) a source line that
    continues the paragraph above it (`_md_continuation`) is not a line of its own."""
    if markdown and "]:" in text:
        text = _reference_links(text)
    numbered = normalise_lines(text)
    if not markdown:
        numbered = drop_page_furniture(numbered, text)
    if not markdown and "\n\n" in text:
        numbered = rejoin_split_lines(numbered, text)
        numbered = pair_column_blocks(numbered)
    lines = [line for _, line in numbered]
    raw_of = dict(numbered)     # a line's text by its number (the heading marks of entry heads)
    dash_heads = _dash_headings(lines)
    source = text.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n").split("\n") if markdown else []
    sections = [Section("preamble", "")]
    first_text = next((t.strip() for t in lines if t.strip()), "")
    pending_continuation = False
    lone_bullet = False
    gap = False
    last: Line | None = None     # the line last added, while nothing else came after it
    last_indent = 0
    last_definition = False      # ``last`` is a Pandoc definition (": text")
    dl_term: Line | None = None  # the term of a definition list whose definitions are being read
    dl_date = ""                 # the date that is the term of the definitions being read (a list of works)
    label_column: set[int] = set()   # sections whose entries are headings as high as their own (see below)
    for idx, (no, raw) in enumerate(numbered):
        line = raw.strip()
        if not line:
            gap = True
            continue
        definition = markdown and line[:2] == ": " and len(line) > 2
        if markdown and line[:2] == ":\t" and len(line) > 2 and sections[-1].kind in ("publications", "talks") \
                and (dl_date or sections[-1].lines and not gap and _DATE_TERM.fullmatch(sections[-1].lines[-1].text)):
            line, definition = ": " + line[2:].strip(), True     # (":<TAB>…", a definition indented with spaces)
        if definition:
            # A definition list ("Tilburg University" / ": PhD Philosophy, 2012." / ": MA Philosophy,
            # 2007."): each definition is an entry of its own under the term, so the term is read
            # again before every definition after the first (at the term's own line number)
            cur_lines = sections[-1].lines
            if markdown and dl_term is None and not dl_date and cur_lines and not gap and sections[-1].kind in ("publications", "talks") \
                    and line[2:].strip(" \t*+-") \
                    and (dm := _DATE_TERM.fullmatch(cur_lines[-1].text)) \
                    and (_date_only(dm.group(1)) or _YEAR_MONTH_TERM.fullmatch(dm.group(1))):
                # "2021/03 [J]" / ": Roe, Poe: *Title*. In: …" (a Pandoc definition list of works under
                # their dates): the date is the work's, not an entry of its own (not when the definition
                # holds only a bullet sign, its work on the lines after it: the date stays their heading)
                dl_date = _YEAR.search(dm.group(1)).group(0)
                cur_lines.pop()
            if dl_date:
                body = line[2:].strip()
                if body[:2] in ("* ", "- ", "+ "):
                    body = body[2:].lstrip()        # (":<TAB>* Roe, J. …": the first of a list of works)
                line = f": {dl_date}: {body}"
            elif dl_term is not None and cur_lines and cur_lines[-1].no != dl_term.no:
                cur_lines.append(Line(dl_term.no, dl_term.text, gap=True))
            elif dl_term is None and cur_lines and not gap and not cur_lines[-1].entry_head:
                dl_term = cur_lines[-1]
            line = line[2:].strip()
            gap = bool(dl_date)     # (each dated work is an entry of its own)
            last = None
        elif dl_date and raw[:1] in " \t" and line[:2] in ("* ", "- ", "+ "):
            # "2015" / ":<TAB>* Roe, J. Title …" / "<TAB>* Poe, S. Title …": the works listed in one
            # definition under the date, each of that year (the date's line is gone)
            line, gap, last = f"{dl_date}: {line[2:].strip()}", True, None
        else:
            dl_term = None
            dl_date = ""
        if _SETEXT.match(line) or line[0] in "_*-" and _THEMATIC_BREAK.fullmatch(line):
            continue        # a rule: "---", "___", "* * *", "- - -"
        if len(line) <= 12 and _SPACER.fullmatch(line):
            gap = True      # "##### ." ("<h5> . </h5>", a hand-written page's spacer between entries): a blank
            continue
        if not markdown and line in _LONE_BULLETS:
            lone_bullet = True      # a bullet sign on a row of its own (set off its item's baseline): the next line's
            continue
        nxt = lines[idx + 1].strip() if idx + 1 < len(lines) else ""
        if not markdown and line[-1:].isdigit() and _PAGE_HEADER.fullmatch(line) \
                or not markdown and no > 1 and line == first_text and _PAGE_HEADER.fullmatch(nxt):
            # a running page header of text from a PDF: "Jane Roe" / "Curriculum Vitae 2" at each page's top
            continue
        if markdown and last is not None and not gap and last is (sections[-1].lines or [None])[-1] \
                and no != last.no and 1 < no <= len(source) and not _SETEXT.match(nxt):
            indent = len(raw) - len(raw.lstrip(" \t"))
            how = _md_continuation(last, last_indent, source[no - 2], line, indent,
                                   sections[-1].kind in ("publications", "awards", "service"), last_definition)
            if how == "join":
                sep = "" if last.text.endswith("-") and line[:1].islower() else " "
                last.text = last.text.rstrip() + sep + line
                continue
            if how == "break":
                # a line of the list item above after a hard line break: a detail of that item
                sections[-1].lines.append(Line(no, line, bullet=True, depth=1))
                last = sections[-1].lines[-1]
                continue
        last = None
        if pending_continuation:
            # "EDUCATION &" / "SCHOLARSHIP<TAB>…": the heading went on to this line's first column.
            m = _ALLCAPS_PREFIX.match(line)
            pending_continuation = False
            if m and classify_heading(m.group(1)) is not None or (m and m.group(1).isupper()):
                rest = line[m.end():].strip()
                if rest:
                    sections[-1].lines.append(Line(no, rest))
                continue
        prev_line = sections[-1].lines[-1] if sections[-1].lines else None
        if markdown and prev_line is not None and prev_line.no == no and prev_line.bullet and not gap \
                and line[:1] not in "#-*+" and not _HTML_HEADING_MARK.match(line):
            # "* 2011-present: Professor <br> Department of X <br> University of Y": the pieces a
            # <br> makes inside a list item are that item's details, not entries of their own
            sections[-1].lines.append(Line(no, line, bullet=True, depth=max(1, prev_line.depth)))
            continue
        cur = sections[-1]
        if cur.item_indent is not None and len(sections) > 1 and _BULLET.match(line) \
                and len(raw) - len(raw.lstrip(" \t")) <= cur.item_indent:
            # "* Languages:" / "  * Russian - native" / "* Permission to work: …": the next item beside the
            # labelled one ends its list; the items go on in the section the label stood in
            outer = sections[-2]
            sections.append(Section(outer.kind, outer.heading, level=outer.level, item_indent=outer.item_indent))
            cur = sections[-1]
        if markdown and line[:1] in "-*+" and _BULLETED_MD_HEADING.match(line):
            line = _BULLETED_MD_HEADING.sub("", line, count=1)     # "- ## Honors" (a heading in a list item): a heading
        elif idx in dash_heads:
            line = line[1:].strip()     # "- Education" over plain lines (see `_dash_headings`): a heading
        elif line[:2] in _FRAME_OPENINGS and (framed := _FRAMED_HEADING.fullmatch(line)):
            # "------ Education ------", "=== Skills ===": a heading in a frame; one of no kind
            # cvgraph reads ("---- other notes ----") still ends the section above it
            if classify_heading(framed.group(1)):
                line = framed.group(1)
            else:
                sections.append(Section("other", framed.group(1).strip()))
                continue
        kind, heading, rest, entry_head = _heading_of(line, nxt)
        if markdown and cur.kind in ENTRY_KINDS and cur.lines and not definition and raw[:1] in " \t" \
                and len(raw.expandtabs(4)) - len(raw.expandtabs(4).lstrip()) >= 4 \
                and (line[:1] == "~" and line[1:2] in (" ", "\t") or nxt[:1] == "~" and nxt[1:2] in (" ", "\t")):
            # "    Major projects" / "      ~ *Lorem* - …" inside an entry (a Pandoc definition list
            # nested in a definition): the term and its definitions are details of the entry, no
            # section and no entries of their own
            cur.lines.append(Line(no, line.lstrip("~ \t"), bullet=True, depth=1))
            last, last_indent, last_definition = cur.lines[-1], len(raw) - len(raw.lstrip(" \t")), False
            gap = False
            continue
        if kind is not None and markdown and rest and rest[:1].islower() and line[:2] in ("**", "__") \
                and cur.level and cur.kind != "other" and rest.split(None, 1)[0] in _LOWER_CONTINUATION:
            # "**Algorithms & Programming** in Python, MSc (M1), Lorem University." in a teaching list
            # under Markdown headings: the bold words begin a sentence that goes on, no heading
            kind = None
        if kind is None and not markdown and len(line) <= 30 and len(line.split()) <= 2 and line[:1].isupper() \
                and nxt and len(nxt.split()) <= 3 and (whole := classify_heading(nxt)) \
                and only_heading_words(nxt) and classify_heading(line + " " + nxt) == whole \
                and only_heading_words(line):
            continue    # "Professional" / "Experience", "Journal" / "Articles": a margin heading set on two lines
        md_level = _md_level(line, nxt) if line[:1] == "#" or nxt[:1] in ("=", "-") else None
        if md_level and cur.level and md_level > cur.level and cur.kind in ENTRY_KINDS \
                and (kind == "interests" or kind is None) and only_heading_words(_MD_HEADING.match(line).group(2)
                                                                  if _MD_HEADING.match(line) else line) \
                and len(line.strip("# ").split()) == 1:
            continue     # "### Research", "### Professional": a label grouping the section's entries
        if md_level and cur.level and md_level > cur.level and cur.kind in ("service", "teaching", "awards") \
                and kind is None and (sub := _MD_HEADING.match(line)) and _SCOPE_LABEL.fullmatch(sub.group(2).strip(" *_:")):
            # "### Departmental" / "### University" under "## Service", "### Semester" under "## Teaching":
            # the scope of the entries under it, no entry of its own
            gap = True
            continue
        if cur.kind == "awards" and kind in (None, "awards") and not md_level and not rest and len(line) <= 60 \
                and _AWARD_SCOPE_LABEL.fullmatch(line.strip(" *_:")) \
                and _YEAR.search(next((t for _, t in numbered[idx + 1:idx + 4] if t.strip()), "")):
            # "Institute Awards" / "2017 Lorem Certificate of Merit", "National Competitions" / "2016 …" in a
            # list of awards: the scope of the awards under it, no award of its own
            gap = True
            continue
        if md_level and cur.level and md_level > cur.level and cur.kind in ("awards", "positions", "service", "teaching") \
                and _STATUS_LABEL.fullmatch((_MD_HEADING.match(line).group(2) if _MD_HEADING.match(line) else line).strip(" *_:")):
            # "### UNDER REVIEW" / "### CURRENT" / "### COMPLETED" under "## Grant funding": the state of
            # the grants under each, no section of its own (nor submitted papers)
            gap = True
            continue
        if not markdown and not md_level and cur.kind in ENTRY_KINDS and not rest \
                and (kind == "interests" and cur.kind == "positions" and _LONE_RESEARCH.fullmatch(heading)
                     and not (heading.isupper() and cur.heading.isupper()) and _dated_soon(numbered, idx + 1)
                     or kind is None and (gap or not cur.lines or _ENDS_ENTRY.search(cur.lines[-1].text))
                     and _group_label(line)
                     or kind is None and _list_label(line, nxt, cur)):
            # "Research" / "Industry" over the entries of an Experience section (text from a PDF):
            # a label grouping them, not a research summary nor an entry. A "Research" summary
            # is prose; a label is followed by dated entries.
            gap = True
            continue
        if kind == "other" and md_level and md_level == cur.level and id(cur) in label_column and not rest \
                and _deeper_heading_next(numbered, idx, md_level):
            kind = None         # "## Lorem Video Project" / "### Developer" among a label column's employers: an entry
        if kind == "interests" and not rest and _LONE_RESEARCH.fullmatch(heading) and _dated_entries(numbered, idx + 1):
            kind = "positions"      # "Research" over "Sep 2015 – Dec 2015" / "Research Intern, Lab": research posts
        if kind is not None and markdown and not md_level and not rest and cur.kind in ("positions", "education") \
                and cur.lines and line.rstrip().endswith(":") and _DETAIL_LABEL.fullmatch(line.strip(" *_")):
            # "Duties:" / "Research Projects:" / "Key Achievements:" on a plain line over bullets, under a
            # post (an HTML card theme's labels): a label of the entry's details, not a section
            kind = None
        if kind == "other" and not md_level and not rest and cur.kind == "service" and _BULLET.match(line) \
                and line.rstrip().endswith(":") and _REFEREE_WORD.search(heading):
            kind = "service"    # "* Referee:" over journals in a service list: the role held for them, not referees
        if kind == "languages" and cur.kind == "skills" and rest and not md_level and heading.rstrip().endswith(":") \
                and re.match(r"(?:\*\*|__)?\s*(?:programming\s+)?languages?\s*:", line.strip("#-* "), re.I):
            kind = None     # "**Languages:** Python, C++ · **ML:** PyTorch" in a skills list: a label, not a section
        if kind is not None and kind not in ("skills", "languages") and cur.kind == "skills" and markdown \
                and not md_level and cur.level and cur.lines and not rest and line[:2] in ("**", "__") \
                and line.rstrip(" *_").endswith(":") and _BOLD_LINE.match(line):
            # "**SPSS:**" / "- Data cleaning, …" / "**Writing:**" / "- APA 7, …" under "## Skills": a
            # bold label over a group of the skills (a label names no section of its own), not a
            # "Writing" section of publications
            kind = None
        if kind == "languages" and cur.kind == "skills" and not rest and not cur.lines \
                and (not md_level or cur.level and md_level > cur.level):
            # "Technical Skills" / "Languages" / "Python" / "Java": right under the skills heading, a
            # group of the skills naming programming languages (an English/French list stays languages)
            after = next((t.strip() for _, t in numbered[idx + 1:idx + 4] if t.strip()), "")
            if _CODE_LANGUAGE.match(after.lstrip("-*•+ ")):
                kind = "skills"
        if kind is not None and markdown and not md_level and (not rest or _BRACKETED_DATES.fullmatch(rest)
                                                                or _DATES_ONLY.fullmatch(rest.rstrip(" \\"))) and cur.level \
                and (cur.kind in ENTRY_KINDS or cur.kind == "other") and kind != cur.kind and line[:2] in ("**", "__") \
                and _BOLD_LINE.match(line) and not only_heading_words(heading) and not _is_heading_phrase(heading):
            # "**Bachelor’s Honors Thesis**" under "## Research Experience", "**Executive Member &
            # Technical Lead**" under "## Involvement", "**Research Fellow, Project Lorem** (2023–2024)"
            # under "## Research and Professional Experience": in a page whose sections have Markdown
            # headings, a bold line of other words than a heading's (its dates after it) is the title
            # of an entry
            kind = None
        if kind is not None and markdown and not md_level and cur.level and rest and line[:2] in ("**", "__") \
                and rest.lstrip()[:1] in "—–-*(" and not only_heading_words(heading) and not _is_heading_phrase(heading) \
                and not line[:line.find(line[:2], 2)].rstrip().endswith(":"):
            # "**Lorem Consulting Services** — Analyst", "**Article Lorem Pipeline** *(NLP · Airflow)*"
            # under "## Experience" / "## Key Projects": a bold name with the entry going on after it on
            # the same line (a dash, a bracket) is the head of an entry, not a "Services" or
            # "Articles" heading ("**Reviewer for:** *Lorem*, *Ipsum*": a label, the colon in the bold)
            kind = None
        if kind is not None and kind == cur.kind and kind in ("positions", "education") and markdown and not md_level \
                and not rest and cur.level and line[:2] in ("**", "__") and _BOLD_LINE.match(line) \
                and _ROLE_WORD.search(heading) and not only_heading_words(heading):
            # "**Windows Support Engineer, Internship**" under "## Work Experience": a post's title
            # (a role's words among others), not an "Internship" section of its own
            kind = None
        if kind == "teaching" and cur.kind == "teaching" and markdown and not md_level and rest \
                and _BRACKETED_DATES.fullmatch(rest) and _BOLD_LINE.match(line) and _ROLE_WORD.search(heading) \
                and not _TEACHING_GROUP.search(heading):
            kind = None     # "**Undergraduate Mathematics Tutor** (2017–2021)" in a teaching list: a role and its dates
        if kind is not None and md_level and cur.level and md_level > cur.level and cur.kind == "skills" \
                and not rest and _LABEL_AND_VALUE.match(heading):
            # "#### Programming Languages: Go, Java", "#### Domain Services: Active Directory" under
            # "### Professional Skills": a labelled line of the skills, set in a heading's type
            kind = None
        if kind is not None and md_level and cur.level and md_level > cur.level and cur.kind in ENTRY_KINDS \
                and not rest and _ROLE_WORD.search(heading):
            kind = None     # "### Graduate Teaching Assistant" under "# Experience": an entry, not a section
        if kind is not None and kind != cur.kind and md_level and cur.level and md_level > cur.level \
                and cur.kind in ENTRY_KINDS and not rest and not only_heading_words(heading) \
                and not _is_heading_phrase(heading) \
                and any(ln.entry_head and (hm := _MD_HEADING.match(raw_of.get(ln.no, ""))) and len(hm.group(1)) == md_level
                        for ln in cur.lines) \
                and (after := next((t.strip().lstrip("#").strip() for _, t in numbered[idx + 1:idx + 4] if t.strip()), "")) \
                and _date_only(after):
            # "##### Board - Treasurer" after "##### Junior Analyst" under "## Work Experience" (a résumé
            # template's posts, each headed by its title, its dates under it): one more post among its
            # fellows at that level, not a "Board" section ("##### Invited Talks", only a heading's
            # words, or a heading over no dates, still is one)
            kind = None
        if kind is not None and cur.kind == "publications" and md_level and cur.level and md_level > cur.level \
                and not rest and _LINKED_HEADING.fullmatch(line):
            kind = None     # "### [Multi-parametric Linear Programming](url)" under "## 2023": a paper's linked title
        if kind == "teaching" and cur.kind == "teaching" and not md_level and not rest and _BOLD_LINE.match(line) \
                and _ROLE_WORD.search(heading) and not _TEACHING_GROUP.search(heading):
            kind = None     # "**Graduate Teaching Associate**" in a teaching list: the role of the courses under it
        if kind == "publications" and cur.kind == "service" and md_level and cur.level and md_level > cur.level:
            # "### Conferences and Publications" under "## Service and Leadership": the venues served
            # ("* **Lorem** Reviewer"), not papers (each venue's name had been read as a paper's title)
            kind = "service"
        if kind == "publications" and cur.kind == "talks" and md_level and cur.level and md_level > cur.level \
                and _PAPERS_ONLY.search(heading) and not _PUBLICATION_WORD.search(_PAPERS_ONLY.sub(" ", heading)):
            kind = "talks"  # "### Conference Sessions and Papers" under "## Presentations": papers presented
        if kind == "awards" and cur.kind == "awards" and not rest and not _AWARD_GROUP.search(heading) \
                and (heading.isascii() or _foreign_heading(heading) != "awards") \
                and (md_level and cur.level and md_level > cur.level or not md_level and _BOLD_LINE.match(line)):
            # "### Travel grant" under "# Grants, Awards, & Honours", "**Junior Scholar Fellowship**"
            # in a list of awards: one award, not a list of them ("#### 荣誉" / "#### 奖项" under
            # "### 荣誉与奖项" name groups of them: a whole awards heading of another language)
            kind = None
        if kind is None and md_level and cur.kind == "publications" and cur.level == md_level \
                and _MD_HEADING.match(line):
            # "### 2025" after "### Under Review" (same level): that group has ended; the entries
            # under it belong to the enclosing list ("## Publications"), not to "Under Review"
            parent = next((s for s in reversed(sections) if s.level and s.level < md_level), None)
            if parent is not None and parent.kind == "publications":
                sections.append(Section("publications", parent.heading, level=md_level))
            elif parent is None and _YEAR_ONLY_HEADING.fullmatch(_MD_HEADING.match(line).group(2)):
                # "## Submitted" / … / "## 2024" (a page whose only list is its publications, no
                # heading above both): the year's papers are no longer the submitted ones
                sections.append(Section("publications", _MD_HEADING.match(line).group(2).strip(), level=md_level))
        if kind is not None:
            sections.append(Section(kind, heading, level=md_level))
            if not rest and line.endswith(":") and _BULLET.match(line):
                sections[-1].item_indent = len(raw) - len(raw.lstrip(" \t"))
            pending_continuation = heading.rstrip().endswith(("&", ","))
            if rest:
                sections[-1].lines.append(Line(no, rest, entry_head=entry_head))
            continue
        bullet = bool(_BULLET.match(line)) or lone_bullet
        lone_bullet = False
        text_ = _BULLET.sub("", line, count=1) if bullet else line
        if not bullet and cur.kind == "publications" and line[1:2] in (".", ")") and _LETTER_ITEM.match(line):
            # "a. Roe AB, Poe C. Title. Journal. 2016;19(7):812-821." (a biosketch's references
            # under each contribution, lettered): an item of the list, as a numbered one is
            bullet, text_ = True, _LETTER_ITEM.sub("", line, count=1)
        a_definition = definition
        if markdown and text_[:1] == ":" and _DEFINITION.match(text_):
            # a Pandoc definition list: "2015" / ": “Title.” Paper presented at …" — the marker is no text
            text_ = text_[_DEFINITION.match(text_).end():]
            a_definition = True
        indent = len(raw) - len(raw.lstrip(" \t"))
        depth = 1 if bullet and indent >= 2 and not re.match(r"^\s*\d", raw) else 0
        md = _MD_HEADING.match(text_)
        if not md and not bullet and md_level and cur.level and md_level <= cur.level and _SECTION_LIKE.fullmatch(text_) \
                and not _ENTRY_WORDS.search(text_):
            # an unknown setext heading ("Hobbies" over "=====") as high as the section's own ends it
            sections.append(Section("other", text_, level=md_level))
            gap = False
            continue
        if md:
            text_ = md.group(2).strip()
            if ":" in text_:
                text_ = _SHORTCODE.sub("", text_)
            entry_head = True
            # an unknown heading as high as the section's own ends it ("## Posts" after "## Awards")
            # (in text from a PDF, "# " marks only a heading set in the section headings' type)
            if not bullet and md_level and cur.level == md_level and cur.kind in ENTRY_KINDS \
                    and (not cur.lines or id(cur) in label_column) and _deeper_heading_next(numbered, idx, md_level):
                # "## Work Experience" / "## Lorem Ltd" / "### Developer" / "#### 2015 - 2016" (a résumé
                # template that sets the section's label in a column of its own, as high as the
                # employers beside it): each heading as high as the label, with headings under it,
                # opens an entry of the labelled section
                label_column.add(id(cur))
            elif not bullet and md_level and _SECTION_LIKE.fullmatch(text_) \
                    and (not _ENTRY_WORDS.search(text_) or _COURSES_TAKEN.search(text_)) \
                    and (cur.level and md_level <= cur.level or cur.kind == "preamble" and cur.lines
                         and any(s.level for s in sections)
                         # ("## Involvement" after "**Languages**: …" under "## Technical Skills": a
                         # heading as high as the Markdown heading the bold one stood under ends it too)
                         or markdown and cur.level is None and cur.kind != "preamble"
                         and md_level <= next((s.level for s in reversed(sections) if s.level), 0)
                         or not markdown and cur.level is None and cur.kind in ENTRY_KINDS):
                # ... unless a heading above both holds a list: "### Poster Sessions" after "### Conference
                # Papers" under "## Presentations" is one more group of that list
                parent = next((s for s in reversed(sections) if s.level and s.level < md_level), None)
                # ("#### Other" after "#### Programming" under "## Skills": one more group of skills)
                group = parent is not None and (parent.kind in ENTRY_KINDS or parent.kind == "skills") and cur.kind == parent.kind
                sections.append(Section(parent.kind if group else "other", text_, level=md_level))
                gap = False
                continue
        if text_ and len(text_) <= 40 and sections[-1].kind != "preamble" and _PLACEHOLDER.fullmatch(text_):
            continue    # "* Coming soon!", "TBA", "(under construction)": a section not yet written, no entry of it
        if text_:
            sections[-1].lines.append(Line(no, text_, entry_head=entry_head, bullet=bullet, depth=depth, gap=gap,
                                           indent=indent if bullet else 0))
            gap = False
            if markdown and not md and "\t" not in text_:
                last, last_indent, last_definition = sections[-1].lines[-1], indent, a_definition
    if markdown and sections[0].lines and all(s.kind in ("preamble", "other") for s in sections):
        _page_titled_list(sections[0], text)
    for sec in sections:
        if sec.kind in ("education", "positions") and len(sec.lines) >= 2 and not sec.lines[0].entry_head \
                and sec.lines[1].entry_head and _date_only(sec.lines[0].text):
            _dates_before_heads(sec)
    return [s for s in sections if s.lines or s.kind != "preamble"]


def _deeper_heading_next(numbered: list[tuple[int, str]], idx: int, level: int) -> bool:
    """Whether the next line with text after ``idx`` is a Markdown heading deeper than ``level``."""
    for _, raw in numbered[idx + 1: idx + 4]:
        if raw.strip():
            m = re.match(r"\s*(#{1,6})\s", raw)
            return m is not None and len(m.group(1)) > level
    return False


def _dates_before_heads(sec: Section) -> None:
    """"2024 — 2026" / "#### MSc, Statistics" / "Lorem University" (an HTML card's date column set
    before the entry's heading): where the section opens with a date over its first entry's
    heading, each date line over a heading is that entry's date, set after the heading's words
    as a column (read with the heading, not left at the end of the entry above)."""
    out: list[Line] = []
    for k, ln in enumerate(sec.lines):
        nxt = sec.lines[k + 1] if k + 1 < len(sec.lines) else None
        if nxt is not None and nxt.entry_head and not ln.entry_head and _date_only(ln.text) \
                and "\t" not in nxt.text and not _YEAR.search(nxt.text):
            sec.lines[k + 1] = Line(nxt.no, nxt.text + "\t" + ln.text.strip(), entry_head=True, bullet=nxt.bullet,
                                    depth=nxt.depth, gap=nxt.gap or ln.gap)
            continue
        out.append(ln)
    sec.lines = out


_DIGITS = re.compile(r"\d+")
_LONE_PAGE_NUMBER = re.compile(r"(?i)(?:page\s*|p\.\s*|-\s*)?\d{1,3}(?:\s*(?:of|/)\s*\d{1,3})?(?:\s*-)?")
_COUNTER_LINE_MAX = 90


def _furniture_key(text: str) -> str:
    return _DIGITS.sub("#", " ".join(text.split()))


def _counter_lines(numbered: list[tuple[int, str]]) -> dict[str, list[int]]:
    """Short lines ending in a number ("Jane Roe | 2", "CV — page 2"), grouped by their text with
    the digits blanked: the groups of two or more."""
    groups: dict[str, list[int]] = {}
    for i, (_, t) in enumerate(numbered):
        if t and len(t) <= _COUNTER_LINE_MAX and t[-1:].isdigit():
            groups.setdefault(_furniture_key(t), []).append(i)
    return {k: v for k, v in groups.items() if len(v) >= 2}


def drop_page_furniture(numbered: list[tuple[int, str]], text: str) -> list[tuple[int, str]]:
    """Running headers and footers and page numbers left in text pulled out of a PDF
    (pdftotext, pdfminer, a copy from a viewer). With the pages' form feeds: the lines among the
    first two or last two of most pages that read the same there, digits aside ("Jane Roe | 2",
    "Updated: May 2026"), and a page number alone at a page's top or bottom. Without them: short
    lines ending in a number that read the same but for it, the number counting up 1, 2, 3 …
    and the lines a page apart (a page counter, not "Calculus 1" / "Calculus 2"), and a line
    repeated word for word that stands next to one of them (the footer above the next page's
    header). The first page's own top lines stay unless they carry a number (a name set as a
    running header is still the name). Line numbers are kept."""
    drop: set[int] = _browser_print_lines(numbered, text)
    if "\f" in text:
        pages = _lines_by_page(numbered, text)
        if len(pages) >= 2:
            ends: list[tuple[int, str, int]] = []     # (page, "top"/"bottom", index)
            for pg, idx in pages.items():
                ends += [(pg, "top", i) for i in idx[:2]] + [(pg, "bottom", i) for i in idx[-2:]]
            counts: dict[tuple[str, str], set[int]] = {}
            for pg, where, i in ends:
                counts.setdefault((where, _furniture_key(numbered[i][1])), set()).add(pg)
            need = max(2, (len(pages) + 1) // 2)
            first = min(pages)
            for pg, where, i in ends:
                t = numbered[i][1]
                key = _furniture_key(t)
                if pg == first and where == "top" and "#" not in key:
                    continue
                if len(counts[(where, key)]) >= need and len(t) <= 120 \
                        or _LONE_PAGE_NUMBER.fullmatch(t.strip()) and i in (pages[pg][0], pages[pg][-1]):
                    drop.add(i)
    else:
        groups = _counter_lines(numbered)
        if not groups and not drop:
            return numbered
        texts = [i for i, (_, t) in enumerate(numbered) if t.strip()]
        pos = {i: k for k, i in enumerate(texts)}
        for idx in groups.values():
            values = [[int(d) for d in _DIGITS.findall(numbered[i][1])] for i in idx]
            if len({len(v) for v in values}) != 1:
                continue
            apart = all(pos[b] - pos[a] >= _PAGE_LINES for a, b in zip(idx, idx[1:]))
            counting = apart and any(all(b[k] == a[k] + 1 for a, b in zip(values, values[1:])) and values[0][k] <= 2
                                     for k in range(len(values[0])))
            if counting:
                drop.update(idx)
        if drop:
            # the same footer (or header) beside each counter line: "Updated: May 2026" / "Jane Roe | 2"
            seen: dict[str, list[int]] = {}
            for i in texts:
                if len(numbered[i][1]) <= _COUNTER_LINE_MAX:
                    seen.setdefault(" ".join(numbered[i][1].split()), []).append(i)
            for i in sorted(drop):
                for k in (pos[i] - 1, pos[i] + 1):
                    if 0 <= k < len(texts) and texts[k] not in drop:
                        same = seen.get(" ".join(numbered[texts[k]][1].split()), [])
                        if len(same) >= 2:
                            drop.update(same)
    if not drop or len(drop) >= sum(1 for _, t in numbered if t.strip()):
        return numbered      # (nothing, or nothing but "furniture": then it was the text)
    return [entry for i, entry in enumerate(numbered) if i not in drop]


_PAGE_LINES = 12      # lines of text between two pages' counters, at the least
# a browser's print header and footer, each cell a line of its own in the text of the PDF: the time
# of printing ("11/24/26, 3:15 AM", convert's _PRINT_STAMP), the file's address, the page count ("1/2")
_FILE_URL_LINE = re.compile(r"(?:file|\ufb01le):///\S+")
_PAGE_COUNT_LINE = re.compile(r"\d{1,3} ?(?:/|of) ?\d{1,3}")


def _lines_by_page(numbered: list[tuple[int, str]], text: str) -> dict[int, list[int]]:
    """The indexes of the non-blank numbered lines on each page, pages counted from 0: the first
    source line of each page found from the text ("\f" ends a line, as normalise_lines reads it)."""
    starts, no = [], 1
    for chunk in text.replace("\r\n", "\n").replace("\r", "\n").split("\f"):
        starts.append(no)
        no += chunk.count("\n") + 1
    pages: dict[int, list[int]] = {}
    for i, (n, t) in enumerate(numbered):
        if t.strip():
            pages.setdefault(bisect_right(starts, n) - 1, []).append(i)
    return pages

def _browser_print_lines(numbered: list[tuple[int, str]], text: str) -> set[int]:
    """Lines of a browser's print header and footer ("Print to PDF" of a web CV) among the first
    three and last three lines of each page: the time of printing and the file's address, and the
    page count beside them. A one-page print repeats nothing, so the running-header rules never
    saw them."""
    pages = _lines_by_page(numbered, text)
    drop: set[int] = set()
    for idx in pages.values():
        ends = idx[:3] + idx[-3:]
        hits = {i for i in ends if _PRINT_STAMP.fullmatch(numbered[i][1].strip()) or _FILE_URL_LINE.fullmatch(numbered[i][1].strip())}
        if hits:
            drop |= hits | {i for i in ends if _PAGE_COUNT_LINE.fullmatch(numbered[i][1].strip())}
    return drop


# a line that opens on its own date: "2019 …", "March 2021 …", "Sept. 2020 …" (not "Marrow University Press")
_OWN_DATE_LEAD = re.compile(r"(?:19|20)\d\d(?!\d)|(?i:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|"
                            r"aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|spring|summer|fall|"
                            r"autumn|winter)\.?,?\s+(?:\d{1,2},?\s+)?(?:19|20)\d\d")
_STRETCHED_GAP = re.compile(r"(?<=\S) {2}(?=\S)")


def _stretched(text: str) -> bool:
    """A justified line as pdfminer gives it: its spaces widened to two between (nearly) every
    pair of words, because the line was set out to the full width of the column."""
    if "  " not in text or "\t" in text:
        return False
    gaps = text.strip().count(" ") - 2 * len(_STRETCHED_GAP.findall(text.strip()))
    double = len(_STRETCHED_GAP.findall(text.strip()))
    return double >= 3 and double >= 2 * gaps


def _heading_line(text: str) -> bool:
    return classify_heading(text) is not None and (text.isupper() or only_heading_words(text))


def rejoin_split_lines(numbered: list[tuple[int, str]], text: str | None = None) -> list[tuple[int, str]]:
    """A blank line inside a paragraph of text pulled out of a PDF: pdfminer (and the tools built
    on it) sets a line apart from the next when it was justified or indented differently
    ("[6] Roe, A.  (2025).  “Distance,  demand,  and  the  geography  of" / "" / "open-access
    colleges.” …"). The blank lines are dropped, so the wrapped-line rules see the two lines
    together, when the line above was stretched to the full width (the last line of a justified
    paragraph never is), or it stops mid-phrase (a comma, a colon, "of", "and", a hyphen; not a
    word alone on its line, as pdfminer leaves the words of a line it could not set), or the
    line below opens in lower case after a long line (one the margin broke) with no full stop
    or bracket at its end, or a quotation the line above opens closes on the line below — unless either line is a
    heading, or the line below is a bullet, a label or a date of its own."""
    # (a stretched line is told by its source: the normalised line has its gaps single again)
    source = text.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n").split("\n") if text is not None else None
    out: list[tuple[int, str]] = []
    n = len(numbered)
    i = 0
    while i < n:
        entry = numbered[i]
        if entry[1].strip() or not out:
            out.append(entry)
            i += 1
            continue
        j = i
        while j < n and not numbered[j][1].strip():
            j += 1          # (a run of blank lines: a page's end, its furniture gone)
        above = out[-1][1].strip()
        below = numbered[j][1].strip() if j < n else ""
        # (the evidence first, cheapest first: most blank lines part paragraphs)
        above_no = out[-1][0]
        stretched = _stretched(source[above_no - 1] if source is not None and 0 < above_no <= len(source) else above)
        if above and below and (stretched or above[-1:] not in ".!?" and (
                above[-1:] not in "•·" and len(above) >= 20 and _CONNECTOR_END.search(above[-24:])
                or below[:1].islower() and len(above) >= 50 and above[-1:] != ")"
                or ("“" in above or '"' in above) and _open_quote(above) and _closes_quote(below))) \
                and below[:1] not in "#-*•·◦▪" and not _BULLET.match(below) and not _OWN_DATE_LEAD.match(below) \
                and not _LABEL_HEAD.match(below) and not _heading_line(below) and not _heading_line(above):
            i = j           # the blank lines are no paragraph break
            continue
        out.extend(numbered[i:j])
        i = j
    return out


# a definition list's date term, with the mark of the work's kind after it: "2021/03 [J]", "2019 [○]"
_DATE_TERM = re.compile(r"([^\[\]]{4,40}?)(?:\s*\[[^\[\]\w]{1,3}\]|\s*\[[A-Za-z]{1,3}\])?")
_YEAR_MONTH_TERM = re.compile(r"(?:19|20)\d\d[/.](?:0?[1-9]|1[0-2])")


def _date_only(text: str) -> bool:
    t = text.strip()
    return len(t) <= 40 and _YEAR.search(t) is not None and t[:1].isalnum() and _DATE_CELL.fullmatch(t) is not None


def _is_heading_row(text: str) -> bool:
    t = text.strip()
    return len(t) <= 60 and not t[:1].isdigit() and _heading_of(t, "")[0] is not None


def _run_after(numbered: list[tuple[int, str]], start: int, n: int) -> range | None:
    """The run of exactly ``n`` non-blank lines that starts at ``start`` or after one blank line
    there, and ends at a blank line, a heading or the end; None when there is no such run."""
    if start < len(numbered) and not numbered[start][1].strip():
        start += 1
    end = start
    while end < len(numbered) and numbered[end][1].strip() and end - start <= n and not _is_heading_row(numbered[end][1]):
        end += 1
    return range(start, end) if end - start == n else None


def _run_before(numbered: list[tuple[int, str]], stop: int, n: int) -> range | None:
    """The run of exactly ``n`` non-blank lines that ends right before ``stop`` (or one blank
    line before it), opening after a blank line, a heading or the start."""
    end = stop
    if end > 0 and not numbered[end - 1][1].strip():
        end -= 1
    start = end
    while start > 0 and numbered[start - 1][1].strip() and end - start <= n and not _is_heading_row(numbered[start - 1][1]):
        start -= 1
    return range(start, end) if end - start == n else None


def pair_column_blocks(numbered: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """A table of dates and entries as pdfminer gives it: one text box a column, so the dates
    come as a run of lines of their own ("2012" / "2006" / "2004") and the entries as the next
    run ("Ph.D., History, …" / "M.A., …" / "B.A., …"), or the other way round. Two runs of the
    same length, one all dates and the other none, are the table's rows again: "2012<TAB>Ph.D.,
    History, …", at the entries' line numbers. A third run as long, of short cells with no date
    ("Ph.D." / "M.P.P." / "B.A.": a degree column), joins the rows as their last cell."""
    dated = [i for i, (_, t) in enumerate(numbered) if t and _date_only(t)]
    if len(dated) < 2:
        return numbered
    rows: dict[int, str] = {}       # index of an entry line → its row
    gone: set[int] = set()
    k = 0
    while k < len(dated):
        a0 = dated[k]
        a1 = a0 + 1
        while k + 1 < len(dated) and dated[k + 1] == a1:
            k += 1
            a1 += 1
        k += 1
        n = a1 - a0
        if n < 2:
            continue
        entries = _run_after(numbered, a1, n)
        after = entries is not None
        if entries is None:
            entries = _run_before(numbered, a0, n)
        if entries is None or any(_date_only(numbered[i][1]) or _BULLET.match(numbered[i][1])
                                  or i in rows or i in gone for i in entries):
            continue
        for d, e in zip(range(a0, a1), entries):
            rows[e] = numbered[d][1].strip() + "\t" + numbered[e][1].strip()
            gone.add(d)
        cells = _run_after(numbered, entries.stop, n) if after else None
        if cells is not None:
            texts = [numbered[i][1].strip() for i in cells]
            if all(len(c) <= 25 and len(c.split()) <= 3 and not _YEAR.search(c) for c in texts):
                for e, c in zip(entries, texts):
                    rows[e] += "\t" + c
                gone.update(cells)
    _pair_dates_with_degrees(numbered, dated, rows, gone)
    if not rows:
        return numbered
    return [(no, rows.get(i, t)) for i, (no, t) in enumerate(numbered) if i not in gone]


def _pair_dates_with_degrees(numbered: list[tuple[int, str]], dated: list[int], rows: dict[int, str],
                             gone: set[int]) -> None:
    """The same table when its entries run over several lines ("2021–now" / "" / "2018–2021" /
    "" / "Ph.D. in …, University of …" / "Thesis: …" / "M.A. in …"): the dates pair with the
    entries' first lines, found as the lines that open with a degree, when there are as many of
    those before the next heading as there were dates."""
    n = len(numbered)
    k = 0
    while k < len(dated):
        run = [dated[k]]
        while k + 1 < len(dated) and all(not numbered[j][1].strip() for j in range(run[-1] + 1, dated[k + 1])):
            k += 1
            run.append(dated[k])
        k += 1
        if len(run) < 2 or any(d in gone for d in run):
            continue
        j = run[-1] + 1
        while j < n and not numbered[j][1].strip():
            j += 1
        heads, i = [], j
        while i < n and i - j <= 12 * len(run) and not (numbered[i][1].strip() and _is_heading_row(numbered[i][1])):
            t = numbered[i][1].strip()
            if t and DEGREE_RE.match(t):
                heads.append(i)
            i += 1
        if len(heads) == len(run) and heads[0] == j and not any(h in rows for h in heads):
            for d, h in zip(run, heads):
                rows[h] = numbered[d][1].strip() + "\t" + numbered[h][1].strip()
                gone.add(d)


def _page_titled_list(preamble: Section, text: str) -> None:
    """A site page that is one list, named only by its front matter ('title: publications',
    no heading in the body, as al-folio and academicpages publication pages are): its
    text is that list."""
    title = strip_markup(front_matter(text).get("title", ""))[:80]
    kind = classify_heading(title) if title else None
    if kind in ("publications", "talks"):
        preamble.kind, preamble.heading = kind, title


_LINK_DEFINITION = re.compile(r"^[ ]{0,3}\[([^\]\n]{1,100})\]:[ \t]*<?([^\s<>]{1,2000})>?"
                              r"(?:[ \t]+(?:\"[^\"\n]{0,300}\"|'[^'\n]{0,300}'|\([^)\n]{0,300}\)))?[ \t]*$", re.M)
# (the text may go on over line breaks: "[Structured eigensolvers for" / "  resonant MEMS][d1].")
_REFERENCE_LINK = re.compile(r"\[([^\[\]]{1,300})\]\[([^\[\]\n]{0,100})\]")


def _reference_links(text: str) -> str:
    """Markdown reference links: the definitions ("[heg]: https://…", at any place) are not
    content — their lines are blanked, so line numbers stay true — and "[text][heg]" or
    "[text][]" becomes the inline link "[text](https://…)" the other rules read."""
    targets: dict[str, str] = {}

    def define(m: re.Match[str]) -> str:
        targets.setdefault(m.group(1).strip().lower(), m.group(2))
        return ""
    text = _LINK_DEFINITION.sub(define, text)
    if not targets:
        return text

    def resolve(m: re.Match[str]) -> str:
        url = targets.get((m.group(2) or m.group(1)).strip().lower())
        return f"[{m.group(1)}]({url})" if url else m.group(0)
    return _REFERENCE_LINK.sub(resolve, text)


_BR_END = re.compile(r"<br\s{0,3}/?>$", re.I)


def _hard_break(source_line: str) -> bool:
    """A Markdown hard line break at the end of a source line: two spaces, a backslash, <br>."""
    tail = source_line[-60:]
    stripped = tail.rstrip()
    return tail.endswith("  ") or stripped.endswith("\\") or _BR_END.search(stripped[-12:]) is not None
# (an inline element opening a line, "<ins>Journal</ins>. Vol. 8", "<i>…</i>", starts no block)
_MD_BLOCK_START = re.compile(r"^(?:[#>|`]|<(?!(?:ins|u|i|em|b|strong|span|sup|sub|small|mark|abbr)\b)|\*\*|__|!\[|"
                             r"\[[^\]]{0,200}\]:)")


def _md_continuation(prev: Line, prev_indent: int, prev_source: str, line: str, indent: int,
                     one_line_items: bool = False, definition: bool = False) -> str | None:
    """How a Markdown source line goes on from the line above it (no blank line between):
    "join" — the same paragraph wrapped in the source (rendered as one line): a line that
    starts in lower case or follows a line stopping mid-phrase ("…, with a particular
    interest in" / "compiler and systems development"), or any line indented under an item
    of a list of one-line items (publications, awards, service: ``one_line_items``); "break" — a line of the list item above after a hard line break
    (two trailing spaces, a backslash or ``<br>``), indented or not, or an indented line that
    starts afresh under it: a detail of that item; None — a line of its own. ``definition``: the
    line above is a Pandoc definition (": text"), whose text goes on on the indented lines under it."""
    if _BULLET.match(line) or _MD_BLOCK_START.match(line) or _TABLE_SEP.match(line):
        return None
    hard = _hard_break(prev_source)
    if definition and one_line_items and not hard and indent > prev_indent:
        # "2017" / ":    Roe, A., J. Doe. Title of the" / "     paper. Journal. 12: 3--4.": a
        # reference wrapped in the source under its definition marker is one entry
        return "join"
    # (a Pandoc definition is an item too: ": **Title**, *Org*\" / "Research on …": its detail)
    under_item = (prev.bullet or definition) and (indent > prev_indent or hard)
    if hard and one_line_items and under_item and _open_quote(prev.text):
        return "join"   # '… “Title words of an  ' / 'more title words.”': a quotation does not end at a break
    if one_line_items and not hard and _open_markup(prev.text):
        return "join"   # '… **Machine Learning for SAST: A' / 'Lightweight Approach**. In _Proc…_': one paragraph
    if hard:
        return "break" if under_item else None
    if prev.entry_head:
        return None
    if prev.bullet and (line[:1] == "(" or prev.text.count("(") > prev.text.count(")") and ")" in line):
        # "* Ranked among … by Lorem, 2010" / "(http://…)." or "* … (Windows Server + SQL" / "Server
        # databases)": a line that opens with a bracket, or closes the one the item left open, goes on
        # with the item (Markdown's lazy continuation)
        return "join"
    wraps = line[:1].islower() or _CONNECTOR_END.search(prev.text[-12:]) is not None \
        and not prev.text.rstrip().endswith(":")
    if not wraps and not prev.bullet and not under_item and _YEAR_DASH_LEAD.match(prev.text) \
            and not prev.text.rstrip().endswith((".", ":", ";")) and line[:1].isupper() and not _YEAR.match(line.lstrip()):
        # "2021–27 — Lorem Networks and Ipsum: Building Dolor" / "Resilience in Finland (NR), …": a
        # paragraph that opens with its years and stops mid-sentence goes on on the next source line
        wraps = True
    if under_item and indent >= 2:
        wraps = wraps or line.lstrip("[*_`\"“")[:1].islower()     # "  [grant AB/12](…)." under "- Studentship, ISRC"
        # a reference wrapped over several lines is one entry; elsewhere a line under an
        # entry that does not go on mid-phrase is its detail ("  Designed and built …")
        return "join" if wraps or one_line_items or line[:1] == "(" else "break"
    return "join" if wraps else None


# Bullets and pictographs before a heading's words ("🎓 Educations", "• Awards"): symbols
# (So), modifiers, joiners and variation selectors are decoration.
_HEADING_OF_RE1 = re.compile(r"^[•·\s\u2190-\u21ff\u25a0-\u25ff\u2600-\u27bf\U0001f000-\U0001faff\ufe0f\u200d]+")


# a section's number before its heading: "2", "2.", "2.1", "C.", "IV." and a blank or a column break
_SECTION_NUMBER = re.compile(r"(?:\d{1,2}(?:\.\d{1,2}){0,2}\.?|[A-H]\.|[IVX]{1,4}\.)[ \t]+(?=[A-Z])")
_NUMBER_FIRST = frozenset("0123456789ABCDEFGHIVX")
_LETTER_ITEM = re.compile(r"^[a-z][.)]\s+(?=[A-Z])")
_LONE_BULLETS = frozenset("•◦▪●‣")
_LONE_RESEARCH = re.compile(r"research", re.I)
_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")


_YEAR_DASH_LEAD = re.compile(r"\s*(?:19|20)\d\d(?:\s*[–-]\s*(?:(?:19|20)?\d\d)?)?\s+[—–]\s+\S")


def _dated_entries(numbered: list[tuple[int, str]], start: int) -> bool:
    """The lines after a heading are dated entries: the first one opens with a date, and another
    line after it does too, before the next heading (a research summary is prose, its first
    words no date)."""
    dated = 0
    for _, raw in numbered[start:start + 60]:
        line = raw.strip().lstrip("-*+ ")
        if not line:
            continue
        if line[:1] == "#":
            break
        found = find_period(line[:60]) if line[:1].isalnum() else None
        if found is None or found[1][0] > 0:
            if not dated:
                return False
            continue
        dated += 1
        if dated == 2:
            return True
    return False


def _dated_soon(numbered: list[tuple[int, str]], start: int) -> bool:
    """A year on one of the next three lines of text before a blank line (an entry's lines)."""
    seen = 0
    for _, raw in numbered[start:start + 6]:
        if not raw.strip():
            if seen:
                return False
            continue
        seen += 1
        if _YEAR.search(raw):
            return True
        if seen == 3:
            break
    return False


def _group_label(line: str) -> bool:
    """A line of one or two heading words that name no section ("Industry", "Academic",
    "Professional"), set apart by a blank line above it or after a line that ends an entry (a
    date, a full stop): a label over a group of entries (a word wrapped onto a line of its own,
    "…Cellular Baseband" / "Software", is neither). ("RESEARCH"
    under "EXPERIENCE", set in the same capitals, is a section of its own.)"""
    words = line.split()
    return len(words) <= 2 and len(line) <= 30 and line[:1].isupper() and not any(c.isdigit() for c in line) \
        and only_heading_words(line) and line.lower() not in _NOT_LABELS


_LABEL_WORDS = re.compile(r"[A-Z][A-Za-z'’-]*(?: (?:&|and|of|in|[A-Z][A-Za-z'’-]*)){0,2}")
_ITEM_END = re.compile(r"[.)\d]\W{0,2}$")


def _list_label(line: str, nxt: str, cur: "Section") -> bool:
    """A short capitalised line between the items of a numbered or bulleted list of references
    or awards ("Methodology", "Book Chapter", "Travel Awards"), right under the heading or
    after an item that has ended, and before the next item: a label grouping the items, not an
    item nor part of one. Under awards the label names awards ("Student Awards"), as a one-line
    award seldom does."""
    if cur.kind not in ("publications", "awards") or not _BULLET.match(nxt) or not _LABEL_WORDS.fullmatch(line):
        return False
    if not cur.lines:
        return cur.kind == "publications" or bool(_AWARD_GROUP.search(line))     # right under the heading
    if not any(ln.bullet for ln in cur.lines[-3:]):
        return False
    if cur.kind == "awards":
        return bool(_AWARD_GROUP.search(line))
    return bool(_ITEM_END.search(cur.lines[-1].text))


_ENDS_ENTRY = re.compile(r"(?:(?:19|20)\d\d|present|now|current|\.)\W{0,3}$", re.I)
_NOT_LABELS = {"and", "of", "to", "the", "me", "my", "other"}
_AWARD_GROUP = re.compile(r"\b(?:awards|honou?rs|achievements|scholarships|fellowships|grants|distinctions|prizes|"
                          r"recognitions|funding|accolades)\b", re.I)
# a programming language opening a line ("Python", "C++, Java", "JavaScript (React)")
_CODE_LANGUAGE = re.compile(r"(?:python|java(?:script)?|c\+\+|c#|c\b|r\b|matlab|julia|go(?:lang)?\b|rust|ruby|"
                            r"perl|php|scala|kotlin|swift|typescript|haskell|fortran|sql|bash|lua|html|css)(?![\w+#])", re.I)
_ROLE_WORD = re.compile(r"\b(?:assistant|associate|fellow|professor|lecturer|instructor|researcher|scientist|engineer|"
                        r"intern|representative|manager|officer|coordinator|director|tutor|chair|member|developer|"
                        r"analyst|consultant|specialist|technician|programmer|administrator|designer|architect)\b", re.I)
_SHORTCODE = re.compile(r"\s:[a-z0-9_+-]{1,40}:(?=\s|$)")     # a pictograph written as ":school:"
_TAG_LEAD = re.compile(r"^<(span|b|strong|font|em)\b[^<>]{0,200}>\s*([^<>*_]{1,60}?)\s*</\1\s*>\s*(\S.*)$", re.I)
_TAG_WRAPPED = re.compile(r"^(?:<[a-z][^<>]{0,200}>\s*)+([^<>]{1,80}?)(?:\s*</[a-z]+\s*>)+$", re.I)


# a word in capitals with a scan's slips in it: 'l' or '1' for 'I', '0' for 'O' ("EDUCATl0N")
_OCR_CAPS_WORD = re.compile(r"\b(?=[A-Z]{2})[A-Z]{2,30}[l10][A-Zl10]{0,30}\b|\b[A-Z][l10][A-Zl10]{2,30}\b")
_OCR_CAPS_FOLD = str.maketrans("l10", "IIO")


_DETAIL_LABEL = re.compile(r"(?:(?:key|main|major|selected|research|daily|primary)\s+)?(?:duties|responsibilities|tasks|"
                           r"achievements|accomplishments|highlights|projects|activities|contributions|technologies|"
                           r"tech(?:nology)? stack|tools|description|outcomes|results)\s*:", re.I)
# bracketed link labels and addresses only: "[ arXiv listing ] [ ADS search ] https://…"
# a line of a stop or two only, as a heading or alone: "##### .", ". ."
_SPACER = re.compile(r"#{0,6}[ \t]*[.·][ \t.·]{0,3}")
_LINK_GROUPS = re.compile(r"(?:(?:\[[^\[\]\n]{1,60}\]|https?://[^\s\[\]]+)\s*)+")
_NOTE_AFTER_HEADING = re.compile(r"\s*\([^()]{1,80}\)$")
# words of a heading that lists teaching rather than naming one role ("Teaching Experience", "Courses Taught")
_TEACHING_GROUP = re.compile(r"\b(?:experience|activities|courses|taught|assistantships|duties|history|record|portfolio)\b", re.I)
_CODE_DATE_CELL = re.compile(r"`((?:[A-Za-z]{3,9}\.?\s)?(?:19|20)\d\d(?:\s?[-–—]\s?(?:(?:[A-Za-z]{3,9}\.?\s)?(?:19|20)\d\d|"
                             r"present|now|current|today)?)?)`[ \t]+(?=\S)", re.I)
_HEADING_GLYPH_TAIL = re.compile(r"[\s\u2190-\u21ff\u25a0-\u25ff\u2600-\u27bf\U0001f000-\U0001faff\ufe0f\u200d]{1,20}$")
_HEADING_NUMBER = re.compile(r"\d{1,2}(?:\.\d{1,2}){0,2}[.)]?\s+(?=[^\W\d_])")


# a heading framed by rules: "------šolanje------------", "=== Education ===", "~~~ Skills ~~~"
# (not "*"/"_", Markdown's emphasis: "___+ denotes co-first authors___"; not "#", its headings)
_FRAMED_HEADING = re.compile(r"[-=~]{3,}[ \t]*([^\W\d_][^-=~\n]{1,40}?)[ \t]*[-=~]{3,}")
_FRAME_OPENINGS = frozenset(c + c for c in "-=~")
_DASH_HEADING = re.compile(r"[-*+•]\s+([A-Za-z][A-Za-z &/,'’-]{2,40}?)\s*:?")


def _dash_headings(lines: list[str]) -> set[int]:
    """Indices of the lines that head sections as "- Education", "- Experiences": a plain-text
    CV whose every section opens with a dash and a heading's words over lines that are not list
    items ("2019 - 2022: PhD in Lorem, Ipsum University"). Two such lines at least: one alone
    may be an item of a list."""
    found: set[int] = set()
    for i, raw in enumerate(lines):
        t = raw.strip()
        if t[:1] not in "-*+•" or len(t) > 45 or not (m := _DASH_HEADING.fullmatch(t)):
            continue
        words = m.group(1)
        if classify_heading(words) is None or not only_heading_words(words):
            continue
        nxt = next((x.strip() for x in lines[i + 1:i + 4] if x.strip()), "")
        if nxt and not _BULLET.match(nxt) and not _DASH_HEADING.fullmatch(nxt):
            found.add(i)
    return found if len(found) >= 2 else set()


def _heading_of(line: str, next_line: str) -> tuple[str | None, str, str, bool]:
    """(kind, heading, rest-of-line, rest-is-entry-head) when the line opens a section."""
    md = _MD_HEADING.match(line)
    body = md.group(2) if md else line
    if ":" in body:
        body = _SHORTCODE.sub("", body)
    if body[:1] == "<" and (tw := _TAG_WRAPPED.match(body)):
        body = tw.group(1)       # a heading set in inline markup only: "<span>Education</span>"
        if re.match(r"(?i)<(?:b|strong)\b", line) and (kind := classify_heading(_HEADING_OF_RE1.sub("", body))) \
                and not body.rstrip().endswith((".", ",")):
            # a whole line in <strong>, read as a "**bold**" one: "<strong>Further qualifications, work
            # experiences, honours and grants</strong>"
            return kind, body.strip(), "", False
    elif body[:1] == "<" and (lead := _TAG_LEAD.match(body)) and len(lead.group(2).split()) <= 5 \
            and re.search(r"[^\W\d_]", lead.group(3)) and (kind := classify_heading(lead.group(2))):
        # "<span>Patents</span> <span>**Title**</span>" (a converter's output): a heading, then content
        # (not a venue and its year: "<em>arXiv preprint</em> 2026")
        return kind, lead.group(2).strip(), lead.group(3).strip(), False
    body_clean = _letter_spaced(_HEADING_OF_RE1.sub("", body))
    if body_clean and not body_clean[-1:].isascii():
        # a glyph after the heading's words ("# Teaching Experience 📚"), as before them
        body_clean = _HEADING_GLYPH_TAIL.sub("", body_clean)
    if (md or _SETEXT.match(next_line)) and body_clean[:1].isdigit() \
            and (num := _HEADING_NUMBER.match(body_clean)):
        # a numbered Markdown or setext heading: "# 1. Education", "## 2) Honours and Awards"
        body_clean = body_clean[num.end():]
    # A numbered section heading, as LaTeX's \section and word processors' outline numbering set
    # it: "1   Education" (a column break after the number in text from a PDF), "2. Employment",
    # "C. Contributions to Science", "IV. Publications" — the number is no part of the heading
    if body_clean[:1] in _NUMBER_FIRST and (num := _SECTION_NUMBER.match(body_clean)):
        bare = body_clean[num.end():].strip()
        if (kind := classify_heading(bare)) and (bare.isupper() or only_heading_words(bare)):
            return kind, bare, "", False
    # Setext heading: "Education" underlined by "=====".
    if _SETEXT.match(next_line) and (kind := classify_heading(body_clean)):
        return kind, body_clean, "", False
    # Bold heading, alone or followed by content: "**Education** University of Washington".
    b = _BOLD_LINE.match(body_clean)
    # "**Teaching Assistant**, University of Lorem" is an entry: a heading is not followed by ", …"
    if b and not b.group(2).startswith((",", "|", "@")) and (kind := classify_heading(b.group(1))):
        return kind, b.group(1), b.group(2).strip(), bool(md)
    # Whole line is a heading: Markdown, ALL CAPS, or made only of heading words.
    kind = classify_heading(body_clean)
    # (a whole line naming a heading of another language is one: "Experiencia Laboral")
    if kind and (md or body_clean.isupper() or only_heading_words(body_clean) or _foreign_heading(body_clean)):
        return kind, body_clean, "", False
    # "Publications: [ arXiv listing ] [ ADS search ] https://…" (a hand-written page's bold label with
    # bracketed links to other lists after it on its line): the heading, the links no content of it
    if ":" in body_clean and "[" in body_clean:
        head, _, tail = body_clean.partition(":")
        if tail.strip() and _LINK_GROUPS.fullmatch(tail.strip()) and (head_kind := classify_heading(head)) \
                and only_heading_words(head):
            return head_kind, head.strip(), "", False
    # "Publications (selected, * = corresponding author)": heading words, then a note on the list
    if kind and body_clean.endswith(")") and (note := _NOTE_AFTER_HEADING.search(body_clean)) \
            and note.start() and only_heading_words(body_clean[: note.start()]):
        return kind, body_clean, "", False
    # Heading in the first column: "EDUCATION &<TAB>…", "AWARDS, HONORS<TAB>…".
    if "\t" in body_clean:
        first, rest = body_clean.split("\t", 1)
        if (kind := classify_heading(first)) and (first.isupper() or md or only_heading_words(first)) \
                and not (_DATES_ONLY.fullmatch(rest.strip()) and not _english_heading(first)):
            # ("DOCENCIA<TAB>Agosto 2021 – Presente": a role beside its dates, not "Teaching")
            return kind, first.strip(), rest.strip(), False
    # ALL-CAPS heading phrase followed by content: "## EXPERIENCE Meta - Research Scientist…".
    m = _ALLCAPS_PREFIX.match(body_clean)
    # only heading words: "NSF CAREER Award" is an award, not a "Career" section
    if m and only_heading_words(m.group(1)) and (kind := classify_heading(m.group(1))):
        rest = body_clean[m.end():].strip()
        if rest and len(m.group(1).split()) <= 4:
            return kind, m.group(1).strip(), rest, bool(md)
    # A known multi-word Title-Case heading phrase opening the line: "Research Interests Machine…".
    words = body_clean.split()
    for k in (3, 2):
        if len(words) > k and words[k][:1].isupper() and _is_heading_phrase(" ".join(words[:k])):
            head = " ".join(words[:k])
            return classify_heading(head), head, " ".join(words[k:]), bool(md)
    # A one-word margin heading run into its section's first line (text from a PDF whose headings
    # stand in a left column): "Education Doctor of Philosophy in …", "Languages English, Russian",
    # "References Adele E. Howe, Department of …" — only when the rest reads as that section's content
    if not md and len(words) > 1 and words[0][:1].isupper() and words[1][:1].isupper() \
            and (run_in := _run_in_heading(words[0], " ".join(words[1:]))):
        return run_in, words[0], " ".join(words[1:]), False
    # a heading in capitals with a scan's slips ("EDUCATl0N"): read as the letters they stand for
    if len(words) <= 6 and _OCR_CAPS_WORD.search(body_clean):
        folded = _OCR_CAPS_WORD.sub(lambda m: m.group(0).translate(_OCR_CAPS_FOLD), body_clean)
        if folded.isupper() and (kind := classify_heading(folded)):
            return kind, folded, "", False
    # OCR slips in a heading line ("Se1ected Pub1ications"): read as the letters they stand for
    if len(words) <= 6 and _OCR_HINT.search(body_clean):
        folded = _OCR_DIGIT.sub(lambda m: "l" if m.group(0) == "1" else "o", body_clean)
        if folded != body_clean and (kind := classify_heading(folded)) and only_heading_words(folded):
            return kind, folded, "", False
    return None, "", "", False


def _run_in_heading(word: str, rest: str) -> str | None:
    kind = classify_heading(word) if word.isalpha() and len(word) <= 12 else None
    if kind == "education" and DEGREE_RE.match(rest):
        return kind
    if kind == "languages" and all(NATURAL_LANGUAGE.fullmatch(p.strip()) for p in re.split(r",|\s+and\s+", rest.rstrip(".")) if p.strip()):
        return kind
    if word.lower() in ("references", "referees") and re.match(r"(?:(?:Prof|Dr)\.?\s+)?[A-Z][a-z]+\s+(?:[A-Z]\.\s+)?[A-Z][a-z]+,", rest):
        return "other"
    return None


HEADING_VOCAB = set("""
education educations educational academic background degrees qualifications schooling studies experience experiences
work employment positions position appointments appointment internships internship history career jobs
research professional industry industrial publications publication selected recent refereed referred peer-reviewed
preprints preprint papers paper journal journals conference conferences workshop workshops articles
proceedings bibliography published works manuscripts awards award honors honours honor achievements
scholarships fellowships grants distinctions prizes recognitions competitions contests teaching tutoring courses taught lecturing
service services reviewing reviewer refereeing program committee committees activities leadership outreach editorial engagement
talks talk presentations seminars invited lectures keynotes patents patent skills skill technical
programming tools expertise competences technologies computer computing software languages language interests interest areas focus
objective summary about me biography bio statement contact contacts links online social web other address
undergraduate graduate postgraduate doctoral specialization primary secondary job market
projects references misc miscellaneous hobbies extracurricular news students mentoring advising open
source repositories volunteering memberships certifications and & of my key major relevant current
previous past full list personal information details info community synergistic contributions science data referees referee placement officers officer director directors coordinator coordinators
posts qualifications to the working supervision supervisory funding editorial board boards membership memberships societies
profession clinical licensure licenses fields specialization books book chapters monographs
affiliations training consulting postdoctoral seminar conference presentations workgroups workgroup groups
non-academic external scientific contributed events review chapter
reports report edited volumes volume certification medical bar admissions admission residency fellowship
exhibitions exhibition solo group performances screenings hospital appointments
summer winter schools school collaborations large public code
""".split())


_SPACED = re.compile(r"(?:[A-Za-z&]{1,2} {1,3}){3,}[A-Za-z&]{1,2}")


def _letter_spaced(text: str) -> str:
    """'E D U C A T I O N', 'G R A N T S A N D A W A R D S' (letter-spaced headings as PDF
    text gives them) → 'EDUCATION', 'GRANTS AND AWARDS'; other text as it is. Word breaks are
    found again from the heading vocabulary."""
    t = text.strip()
    if " " not in t[1:3] or not _SPACED.fullmatch(t):
        return text
    letters = re.sub(r"\s+", "", t)
    low = letters.lower()
    best: list[list[str] | None] = [[]] + [None] * len(low)     # fewest words covering low[:i]
    for i in range(1, len(low) + 1):
        for j in range(max(0, i - 16), i):
            if best[j] is not None and low[j:i] in HEADING_VOCAB:
                cand = best[j] + [letters[j:i]]
                if best[i] is None or len(cand) < len(best[i]):
                    best[i] = cand
    return " ".join(best[-1]) if best[-1] else letters


_HEADING_WORD_SPLIT = re.compile(r"[\s,/:]+")
_EMPHASIS_MARKS = re.compile(r"[*_#]+")


def only_heading_words(text: str) -> bool:
    words = [w for w in _HEADING_WORD_SPLIT.split(_EMPHASIS_MARKS.sub("", text).lower()) if w]
    return bool(words) and len(words) <= 6 and all(w.strip(".'’") in HEADING_VOCAB for w in words)


_KNOWN_PHRASES = re.compile(
    r"^(research interests?|industry experience|work experience|research experience|professional experience|"
    r"academic experience|teaching experience|selected publications|invited talks|honors and awards|"
    r"awards and honors|professional service|academic service|technical skills)$", re.I)


def _is_heading_phrase(text: str) -> bool:
    return bool(_KNOWN_PHRASES.match(text.strip()))


_COMMA_TAIL = re.compile(r"[A-Z][a-z]+(?: [A-Z][a-z]+)?, [^.]*\.$")
_CONNECTOR_END = re.compile(r"(?:,|;|:|&|·|•|\b(?:and|of|in|the|for|on|at|to|with|from|by|Prof\.|Dr\.)|[A-Za-z]-)\s*$")


# Vancouver authors: "Roe AB*, Poe C, Doe-Lin D, et al. Title…" (surnames, then initials without stops)
_VANCOUVER_LEAD = re.compile(r"[A-Z][^\W\d_][\w'’-]*(?:[ -][A-Z][\w'’-]+)?\s[A-Z]{1,3}[*†]?"
                             r"(?:,\s+[A-Z][^\W\d_][\w'’-]*(?:[ -][A-Z][\w'’-]+)?\s[A-Z]{1,3}[*†]?)+(?:,?\s+et\s+al)?\.\s")


# APA and Chicago author-date: "Roe, A. B. (2019).", "Roe, A., & Poe, B. (2020).", "Roe, A. (in press)." —
# one author, surname first, then the date in brackets (or a second author)
_AUTHOR_DATE_LEAD = re.compile(r"(?:\*\*|__)?[A-ZÀ-Þ][^\W\d_][\w'’-]*(?:[ -][A-ZÀ-Þ][\w'’-]+)?,\s(?:[A-Z]\.\s?-?){1,3}(?:\*\*|__)?"
                               r"(?:\s\((?:19|20)\d\d|\s\((?i:in press|forthcoming|under review|submitted|in preparation|n\.\s?d\.)|"
                               r",?\s(?:&|and)\s[A-ZÀ-Þ]|,\s[A-ZÀ-Þ][^\W\d_][\w'’-]*,\s[A-Z]\.)")


def _opens_with_authors(text: str) -> bool:
    """'A. Author, B. Author. Title…': a line that starts a reference of its own."""
    if _VANCOUVER_LEAD.match(text) or _AUTHOR_DATE_LEAD.match(text):
        return True
    head = re.split(r"(?<![A-Z])\.\s", strip_markup(text), maxsplit=1)[0]
    found = split_authors(head) if head.count(",") >= 1 or " and " in head else None
    return bool(found and len(found[0]) >= 2)


_LEAD_DATE = re.compile(r"(?:(?:19|20)\d\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|spring|summer|fall|autumn|winter)[a-z]*\.?\s)",
                        re.I)


_LABEL_VALUE_CUT = re.compile(r"\b[A-Z][a-z]+:\s+[A-Z][\w'’-]+$")
_INITIAL_END = re.compile(r"\s[A-Z][a-z]+\s[A-Z]\.$")
_LONE_SURNAME = re.compile(r"[A-Z][a-z\u00e0-\u00ff'’-]+[.,;]?")
_TRAILING_CELL = re.compile(r"\t([^\t]{1,40})$")
_TITLED_NAME_CUT = re.compile(r"\b(?:Prof|Dr|Professor)\.?\s+[A-Z][a-z]+$")
_LABEL_HEAD = re.compile(r"[A-Z][\w/&'’ -]{1,30}:\s")
# a first cell holding only a date or a range ("October 2026 – Present<TAB>Entry …")
_DATE_CELL = re.compile(r"(?:(?:since|from)\s+)?(?:[A-Za-z]{3,9}\.?\s*[-\u2010-\u2015]\s*)?(?:[A-Za-z]{3,9}\.?,?\s+)?"
                        r"(?:19|20)\d\d(?:\s*(?:[-\u2010-\u2015~]+|to|until)\s*(?:(?:[A-Za-z]{3,9}\.?,?\s+)?"
                        r"(?:19|20)\d\d|present|now|current|today|ongoing))?(?:\s*\(expected\))?", re.I)


def _open_markup(text: str) -> bool:
    """Emphasis, a link's text or a bracket opened and not closed on the line: '**Title words of a'
    (a Markdown paragraph wrapped in the source inside its bold title)."""
    t = text[-2000:]
    return t.count("**") % 2 == 1 or t.count("[") > t.count("]") or t.count("(") > t.count(")") \
        or len(_UNDERSCORE_EMPHASIS.findall(t)) % 2 == 1


_UNDERSCORE_EMPHASIS = re.compile(r"(?<![\w_])_(?=\S)|(?<=\S)_(?![\w_])")


def _open_quote(text: str) -> bool:
    """A double quote opened and not closed: '"Learning over Tables with Sparse' (cut by the margin)."""
    return text.count('"') % 2 == 1 or text.count("“") > text.count("”")


def _closes_quote(text: str) -> bool:
    """The rest of a cut quotation: 'Data Systems," Google Research, …'."""
    return text.count('"') % 2 == 1 or text.count("”") > text.count("“")


# a date range closing a line after a space (a date cell that plain text joined to the line)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}\.?\s"
_TRAILING_RANGE = re.compile(r"\s((?:" + _MONTH + r")?(?:19|20)\d\d\s?[-\u2010-\u2015]\s?"
                             r"(?:(?:" + _MONTH + r")?(?:19|20)\d\d|present|now|current|today))\s*$", re.I)
_SENTENCE_STOP = re.compile(r"(?<=[a-z])\.\s+(?=[A-Z][a-z])")
_ABBREVIATION = re.compile(r"(?:prof|assoc|asst|dept|univ|inst|corp|dipl|approx|incl|vol|ed|eds|mr|mrs|ms|jr|sr|st|"
                           r"al|vs|cf|no|ave|mt)", re.I)


def _sentence_end(text: str) -> int | None:
    """Where the first sentence of a line ends (the next one starts), when it holds two to
    sixteen words and more text follows; None otherwise. "Prof. Miriam", "Ph.D. in"
    and "M.Sc. thesis" end no sentence."""
    for m in _SENTENCE_STOP.finditer(text, 0, 400):
        word = text[: m.start()].rsplit(None, 1)[-1]
        if "." in word or len(word) < 3 or _ABBREVIATION.fullmatch(word):
            continue
        head = text[: m.start() + 1]
        if not 2 <= len(head.split()) <= 16 or not text[m.end():].strip():
            return None
        return m.end()
    return None


def _slot_sep(before: str, after: str, full_width: bool) -> str:
    """How a line of a bulleted reference joins the one before: a line that ended short, not
    mid-phrase, closed a slot of the reference ("• Title" / "Authors" / "Venue"), so the next
    line opens the next slot after a full stop; a line broken by the width goes on with a space."""
    b = before.rstrip()
    if full_width or not after[:1].isupper() or not b or b[-1] in ".,;:!?-([" or _at_end(_CONNECTOR_END, b):
        return " "
    return ". "


def text_measure(sections: list[Section]) -> int:
    """The width of the document's text column in characters, when it is narrow (under 60):
    the length most of its longest prose lines reach (the 90th percentile of lines of four
    or more words without a column break), when at least half of those lines reach 0.8 of it
    and a fifth of them are visibly broken mid-phrase; 0 for a wide column, a list of short
    items, or too few lines to tell."""
    lengths = sorted(len(ln.text) for s in sections for ln in s.lines
                     if "\t" not in ln.text and ln.text.count(" ") >= 3)
    if len(lengths) < 12:
        return 0
    width = lengths[(len(lengths) - 1) * 9 // 10]
    if not (25 <= width < 60 and lengths[-1] < 1.3 * width):
        return 0
    # text set to a measure: most prose lines run close to it, and lines broken mid-phrase (a
    # comma or "of" at the end, a lower-case start after) show it; a list of short items of
    # similar length shows neither
    full = sum(1 for n in lengths if n >= 0.8 * width)
    broken = sum(1 for s in sections for a, b in zip(s.lines, s.lines[1:])
                 if not b.gap and (_CONNECTOR_END.search(a.text) or b.text[:1].islower()))
    return width if 2 * full >= len(lengths) and broken >= max(2, len(lengths) // 5) else 0


_ENDS_DATED = re.compile(r"(?:(?:19|20)\d\d|present|now|current)\W{0,3}$", re.I)
_HYPHEN_END = re.compile(r"[A-Za-z]-$")
# how far from its end a line is searched for what ends it (a connector, a cut label or name, a
# trailing date range): lines grow as their wrapped parts join, and a search of the whole line at
# every join made one entry of thousands of wrapped lines quadratic
_END_WINDOW = 400


def _at_end(pattern: re.Pattern, text: str) -> re.Match | None:
    """``pattern.search(text)`` for a pattern anchored at the end (``$``) whose match is shorter
    than ``_END_WINDOW``: only the text's end is searched (positions stay the whole text's, and
    ``\b`` and look-behinds still see the characters before the window)."""
    return pattern.search(text, max(0, len(text) - _END_WINDOW))


_HYPHEN_PIECE = re.compile(r"(?<![\w@./-])[A-Za-z][a-z]{0,29}-$")
_CONT_PIECE = re.compile(r"[a-z]{2,}(?=[\s.,;:)]|$)")


def _broken_word(main: str, cont: str) -> bool:
    """'Fel-' at a line's end and 'low, …' at the next line's start: one word broken by the
    margin. (Its hyphen is kept, as elsewhere: without a dictionary 'opti-cal' cannot be told
    from 'higher-order'.)"""
    return bool(_HYPHEN_PIECE.search(main.rstrip()) and _CONT_PIECE.match(cont))


_WITH_SLOT = re.compile(r"with\s+[A-Z][\w.'’-]*\s+[A-Z]")


def join_wrapped(lines: list[Line], publications: bool = False, measure: int = 0, references: bool = False) -> list[Line]:
    """Lines broken by the page's width back into one (text read from a PDF). A line is the
    rest of the one before when no blank line separates them, it carries no bullet, label or
    date column of its own, and the one before stops mid-phrase (a comma, 'of', a hyphen), it
    starts in lower case, or it closes a quote the one before opened. In a publication list
    whose entries carry bullets or labels, every such line continues its entry. A date column
    at the end of the first line stays at the end. In a narrow column (``measure``, its width in
    characters, see `text_measure`) a line is full when the next line's first word would not
    have fitted after it. ``references``: a list that is no publication list may still hold
    references that open with their authors (APA talks: "Roe, A. (2024, May). Title [Paper
    presentation]. Meeting, Place."), each wrapped over lines the same way."""
    bullets = sum(1 for ln in lines if ln.bullet)
    # Publications set apart by blank lines, without bullets: each block is one entry.
    # A line as long as the widest of the list was broken by the margin.
    blocks = publications and not bullets and sum(1 for ln in lines if ln.gap) >= 2 \
        and sum(1 for a, b in zip(lines, lines[1:]) if not b.gap) >= 2
    widest = max((len(ln.text) for ln in lines), default=0)
    # a publication list whose entries open with a date column ("2024<TAB>A. Roe, …"): an undated
    # line under an entry is the rest of it
    dated_cells = sum(1 for ln in lines if "\t" in ln.text and len(ln.text.split("\t", 1)[0]) <= 40
                      and _DATE_CELL.fullmatch(ln.text.split("\t", 1)[0].strip())) if publications else 0
    # A list of references that each open with their authors, with neither bullets nor blank
    # lines between them: a line that opens with no authors goes on with the reference above.
    # (only a list with a line that stops mid-reference can have wrapped ones: the test is costly)
    opens = [_opens_with_authors(ln.text) for ln in lines] \
        if (publications or references) and not bullets and not blocks and \
        any(not ln.text.rstrip().endswith((".", ")", "]")) for ln in lines[:-1]) else []
    authored = sum(opens) >= max(2, len(lines) // 4)
    # a list of one reference (a lone book chapter): its first line opens with the authors and no
    # other line does; a line goes on with it only where the line above stops mid-reference
    lone = not authored and bool(opens) and opens[0] and sum(opens) == 1 and len(lines) <= 6
    out: list[Line] = []
    last_len = 0
    prev_opens = False         # the entry out[-1] opens with its authors
    for i, line in enumerate(lines):
        prev = out[-1] if out else None
        if prev is not None and (authored or lone and not prev.text.rstrip().endswith((".", ")", "]"))) \
                and prev_opens and not opens[i] and not line.gap and not line.entry_head \
                and "\t" not in line.text and "\t" not in prev.text and not only_heading_words(line.text) \
                and not (_LABEL_HEAD.match(line.text) and prev.text.rstrip().endswith((".", ")", "]"))):
            last_len = len(line.text)
            sep = "" if _at_end(_HYPHEN_END, prev.text) and line.text[:1].islower() else " "
            out[-1] = Line(prev.no, prev.text.rstrip() + sep + line.text.strip(), prev.entry_head, prev.bullet,
                           prev.depth, prev.gap, prev.indent)
            continue
        full_width = last_len >= 0.8 * widest and widest >= 60
        # a narrow column: the next line's first word did not fit at the end of this one
        narrow = bool(measure) and not full_width and prev is not None and widest < 60 \
            and last_len + 1 + len(line.text.split(" ", 1)[0]) > measure and not _at_end(_ENDS_DATED, prev.text)
        last_len = len(line.text)
        if prev is not None and blocks and full_width and not line.gap and not line.entry_head \
                and "\t" not in line.text and not _opens_with_authors(line.text) and not _WITH_SLOT.match(line.text):
            out[-1] = Line(prev.no, prev.text.rstrip() + " " + line.text.strip(), prev.entry_head, prev.bullet,
                           prev.depth, prev.gap, prev.indent)
            continue
        if publications and bullets >= 2 and prev is not None and prev.bullet and not line.gap and not line.bullet \
                and not line.entry_head and "\t" not in prev.text and (cell := _TRAILING_CELL.search(line.text)) \
                and _DATE_CELL.fullmatch(cell.group(1)):
            # "• Title" / "Authors" / "Venue" / "Acceptance rate: …<TAB>Aug. 2023": the date printed at
            # the right of an item's last line is the item's, and the line goes on with it
            body = line.text[: cell.start()].strip()
            out[-1] = Line(prev.no, prev.text.rstrip() + _slot_sep(prev.text, body, full_width or narrow) + body + "\t" + cell.group(1),
                           prev.entry_head, True, prev.depth, prev.gap, prev.indent)
            continue
        if prev is not None and not line.gap and not line.bullet and not line.entry_head and "\t" in line.text \
                and "\t" not in prev.text and _broken_word(prev.text, line.text):
            # "Postdoctoral Fel-" / "low, Department of Physics<TAB>2019 – 2022": a word broken by
            # the margin joins its line even when the rest of the line carries a date column
            out[-1] = Line(prev.no, prev.text.rstrip() + line.text.strip(), prev.entry_head, prev.bullet,
                           prev.depth, prev.gap, prev.indent)
            continue
        if prev is not None and not line.gap and not line.bullet and not line.entry_head and "\t" not in line.text:
            main, tab, tail = prev.text.partition("\t")
            lead = ""
            if tab and len(main) <= 40 and _DATE_CELL.fullmatch(main.strip()):
                # a date column before the entry: the entry's text is what the line continues
                lead, main, tab, tail = main + "\t", tail, "", ""
            cont = line.text.strip()
            # a short tail after a line as wide as the page ("…, Department of Molecular" /
            # "Biosciences, Stockholm University"): the rest of that line, unless it is a date
            # or a labelled line of its own ("Reviewer: ACM TODS")
            # (after a bullet item, an unbulleted dated line is the next entry's header: "• Built …" /
            # "Research Scientist, Ipsum Labs, 2018–2021")
            # (where the section's entries are its bullets, a dated line ends the item it wraps:
            # "• M.Sc. in …, Central European" / "University (Hungary), 2009")
            header_after_item = prev.bullet and not publications and _YEAR.search(cont) is not None \
                and not lines[0].bullet
            # (a line that opens on a degree is the next entry: "…, Darrell Whitley, Wade Troxell" /
            # "Master of Science in Computer Science")
            opens_degree = not publications and DEGREE_RE.match(cont) is not None
            # ("…, Institute for Quantum Matter, Vellmar Research" / "Centre, Germany.", "…
            # Journal of Development" / "Studies Letters, 2023, 12(1): 44–61.": a tail that ends
            # the sentence, its first words still a name's, parted by commas from the rest)
            short_tail = (full_width and len(cont.split()) <= 6 and (not cont.endswith(".") or _COMMA_TAIL.match(cont))
                          or narrow) \
                and not main.rstrip().endswith(".") and not _LEAD_DATE.match(cont) and not _LABEL_HEAD.match(cont) \
                and not header_after_item and not opens_degree
            # "… Advisors: Margaret" / "Ellison and Rahul Venkataraman.": a label's value cut by the margin
            # "… supervised by Prof. Miriam" / "Oduya and …": a name after its title, cut the same way
            label_cut = full_width and (_at_end(_LABEL_VALUE_CUT, main) is not None or _at_end(_TITLED_NAME_CUT, main)
                                        is not None) and cont[:1].isupper() and not opens_degree
            # a quoted title cut by the margin: the quote closes on this line
            quote_cut = _open_quote(main) and _closes_quote(cont)
            # "… supervisor: Prof. Dr. Cornelis P." / "Dullemond": a surname left alone after an initial
            initial_cut = not publications and _at_end(_INITIAL_END, main) is not None and _LONE_SURNAME.fullmatch(cont)
            # a bullet item run to the full width and not closed by a full stop goes on on the next line
            bullet_wrap = prev.bullet and (full_width or narrow) and not main.rstrip().endswith((".", ":", ";")) \
                and not _LEAD_DATE.match(cont) and not _LABEL_HEAD.match(cont) and not header_after_item
            # "Title" / "with A and B" / "Venue (2018)" set apart by blank lines (res.cls): the
            # co-authors' line is a line of the entry of its own, not the title's tail
            with_slot = blocks and _WITH_SLOT.match(cont) is not None
            wraps = not with_slot and (_at_end(_CONNECTOR_END, main) or cont[:1].islower() or short_tail or label_cut
                                       or quote_cut or initial_cut or bullet_wrap
                     or cont[:1] == "("
                     or publications and bullets >= 2 and prev.bullet
                     # (a list of talks whose items carry bullets or labels, "[3] Roe, A. (2025, May).
                     # Title." / "Association …, Portland, OR.": the same, unless the line has its own date)
                     or references and bullets >= 2 and prev.bullet and not _OWN_DATE_LEAD.match(cont)
                     or lead and dated_cells >= 2 and not prev.bullet and classify_heading(cont) is None)
            if wraps and cont:
                sep = "" if _at_end(_HYPHEN_END, main) and cont[:1].isalpha() else " "    # ("Non-" / "Maori": one word)

                if publications and bullets >= 2 and prev.bullet and sep == " " and not tab:
                    sep = _slot_sep(main, cont, full_width or narrow)
                if publications and tail and re.search(r"(?:19|20)\d\d", tail) and \
                        re.search(r"(?:19|20)\d\d", main + cont):
                    tab = tail = ""          # a venue tag beside the entry ("POPL 2024") that it repeats
                if not tab and not lead and not publications and (end := _at_end(_TRAILING_RANGE, main)) \
                        and _sentence_end(main[: end.start()]):
                    # as plain text gives it: "Fellow, Institute X. Built 2018 – 2021" / "a corpus …"
                    main, tab, tail = main[: end.start()], "\t", end.group(1)
                cut = _sentence_end(main) if tab and not lead and not publications \
                    and _DATE_CELL.fullmatch(tail.strip()) else None
                if cut:
                    # a paragraph whose first line carries the date at the right ("Postdoctoral
                    # Fellow, Institute X. Built a corpus of<TAB>2018 – 2021" / "recordings …"):
                    # its first sentence is the entry, the rest its description on a line of its own
                    out[-1] = Line(prev.no, main[:cut].rstrip() + tab + tail, prev.entry_head, prev.bullet,
                                   prev.depth, prev.gap, prev.indent)
                    out.append(Line(line.no, main[cut:].strip() + sep + cont))
                    continue
                out[-1] = Line(prev.no, lead + main.rstrip() + sep + cont + tab + tail, prev.entry_head, prev.bullet,
                               prev.depth, prev.gap, prev.indent)
                if publications and prev.bullet:
                    out[-1].bullet = True
                continue
        out.append(line)
        prev_opens = bool(opens) and opens[i]
    return out
