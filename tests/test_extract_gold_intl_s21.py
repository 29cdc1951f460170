"""Session 21 (gold pass, CVs not in English): CVs in Chinese, Japanese, French and Russian
sampled from researchers' GitHub repositories (Markdown, HTML in Markdown, LaTeX) were read
against a careful reading (a gold record per CV) and scored field by field. Each test is an
invented snippet in the shape of an error found there; names, titles, venues and
organisations are made up."""
from __future__ import annotations

import textwrap

from mappers.extract import extract
from mappers.extract.sections import classify_heading
from mappers.read import SourceDocument


def _doc(text: str, name: str = "cv.md", fmt: str = "markdown") -> SourceDocument:
    text = textwrap.dedent(text).lstrip("\n")
    return SourceDocument(path=name, name=name, sha256="0" * 64, format=fmt, text=text, raw=text)


# --- headings -------------------------------------------------------------------------------
def test_pandoc_heading_attribute_is_not_part_of_the_heading():
    """`# Expérience {-}` (a Pandoc source for a PDF CV: `{-}` keeps the heading unnumbered)."""
    assert classify_heading("Expérience {-}") == "positions"
    assert classify_heading("Éducation {-}") == "education"
    assert classify_heading("Talks {.unnumbered}") == "talks"
    assert classify_heading("Skills {#skills}") == "skills"
    assert classify_heading("{-}") is None
    r = extract(_doc('''
        # Expérience {-}

        2019--2022
        :   **Ingénieur de recherche** à Lorvane.

        # Langues {-}

        Français, anglais
        '''))
    assert [p.title for p in r.positions] == ["Ingénieur de recherche"]


def test_chinese_headings_for_internships_publications_skills_contact():
    assert classify_heading("实习经历") == "positions"
    assert classify_heading("出版信息") == "publications"
    assert classify_heading("英文期刊") == "publications"
    assert classify_heading("著作") == "publications"
    assert classify_heading("技术能力") == "skills"
    assert classify_heading("联系") == "contact"


def test_two_chinese_headings_joined_by_and_name_one_section():
    """`荣誉与奖项` ("honours and awards"), `获奖及荣誉`: one awards section."""
    assert classify_heading("荣誉与奖项") == "awards"
    assert classify_heading("获奖及荣誉") == "awards"
    assert classify_heading("与奖项") is None


def test_a_french_list_heading_names_the_kind_its_known_topics_share():
    """`Organisations, récompenses, bourses de recherche`: awards (the one kind named)."""
    assert classify_heading("Organisations, récompenses, bourses de recherche") == "awards"
    assert classify_heading("Stages de recherche") == "positions"
    assert classify_heading("Participation à des séminaires") == "talks"
    assert classify_heading("Services à la communauté scientifique") == "service"
    # two known topics of different kinds: no single kind
    assert classify_heading("Langues, récompenses") is None


def test_awards_group_headings_in_chinese_under_an_awards_section_stay_groups():
    """`### 荣誉与奖项` / `#### 荣誉` / `#### 奖项`: the sub-headings group the awards, they are
    no awards themselves."""
    r = extract(_doc('''
        # 王小明

        ### 荣誉与奖项
        #### 荣誉
        - 省级**优秀学生**，某省教育厅，2021

        #### 奖项
        - **国家级二等奖**，某某数学建模竞赛，2020
        '''))
    names = [a.name for a in r.awards]
    assert "荣誉" not in names and "奖项" not in names
    assert len(r.awards) == 2
    assert [a.year for a in r.awards] == ["2021", "2020"]


# --- positions: the French and German "at" ----------------------------------------------------
def test_french_role_a_organization_gives_title_and_organization():
    """`**Chargé de recherche** à Lorvane.` / `Consultant au ministère de …` / `Ingenieur bei
    Lorem GmbH`: "à", "au", "bei" join the role to its organization; a sentence after the
    stop is a note."""
    r = extract(_doc('''
        # Expérience {-}

        Depuis octobre 2019
        :   **Chargé de recherche** à Lorvane.

        Depuis 2022
        :   Chargé d'enseignement à l'École Quintale. Cours de méthodes numériques.

        2016--2018
        :   **Consultant** au ministère de la Recherche ouverte.
        '''))
    assert [(p.title, p.organization) for p in r.positions] == [
        ("Chargé de recherche", "Lorvane"),
        ("Chargé d'enseignement", "École Quintale"),
        ("Consultant", "ministère de la Recherche ouverte")]
    assert r.positions[0].start == "2019-10" and r.positions[0].current


def test_a_in_a_french_sentence_without_a_role_is_no_organization():
    """`Séjour à Paris` has no role before "à": nothing is split."""
    from mappers.extract.text import _position_fields
    from mappers.extract.sections import Line
    f = _position_fields("Séjour à Paris", Line(1, "Séjour à Paris"))
    assert f.get("organization") != "Paris"


# --- education: Chinese degree lines -----------------------------------------------------------
def test_chinese_field_or_class_written_before_the_degree_word():
    """`理学硕士, 地图学, 某大学` (the class of the degree, "Master of Science", then the
    field and the institution), `计算机应用技术在读硕士，某中心` (the field written before the
    degree word)."""
    r = extract(_doc('''
        # 王小明

        ## 教育经历

        `2011-2014` 理学硕士, 地图学, **东岭师范大学**

        `2007-2011` 工学学士, 测绘工程, **南湖理工大学**

        ### 教育

        - 计算机应用技术在读硕士，青川大学
        '''))
    assert [(e.degree, e.field, e.institution, e.start, e.end) for e in r.education] == [
        ("理学硕士", "地图学", "东岭师范大学", "2011", "2014"),
        ("工学学士", "测绘工程", "南湖理工大学", "2007", "2011"),
        ("硕士在读", "计算机应用技术", "青川大学", None, None)]
    assert [e.level for e in r.education] == ["master", "bachelor", "master"]


def test_chinese_labelled_major_and_advisor_in_latin_letters_under_a_degree():
    """`**博士 (PhD)** --- 2020.09 --- 2024.09 _青川大学_` / `- 专业: 土木工程, 导师: Ann Roe`: the
    labelled major is the field; the advisor's name has a space."""
    r = extract(_doc('''
        # 王小明

        ## 教育背景

        **博士 (PhD)** --- 2020.09 --- 2024.09  _青川大学_, 青川, 中国

        - 专业: 土木工程, 导师: Ann Roe

        **硕士 (MS)** --- 2017.09 --- 2020.03  _南湖理工大学_, 南湖, 中国

        - 专业：化学工程
        '''))
    assert [(e.field, e.institution, e.start, e.end) for e in r.education] == [
        ("土木工程", "青川大学", "2020-09", "2024-09"), ("化学工程", "南湖理工大学", "2017-09", "2020-03")]
    assert r.education[0].advisors == ["Ann Roe"]


def test_latex_chinese_degree_with_its_field_and_an_advisor_line():
    """`{\\bf 计算机科学博士, \\emph{青川大学}} \\hfill {\\em 2019.7-2024.7} \\\\ 导师：Prof. Ann Roe`:
    the field is written before the degree word; the labelled advisor line is no field."""
    tex = r'''
        \documentclass{article}
        \begin{document}
        \begin{rSection}{教育背景}
        {\bf 软件工程博士, \emph{青川大学}} \hfill {\em 2018.9-2023.6}
        \\ 导师：Prof. Ann Roe
        \end{rSection}
        \end{document}
        '''
    r = extract(_doc(tex, "cv.tex", "latex"))
    assert [(e.degree, e.field, e.institution, e.start, e.end) for e in r.education] == [
        ("软件工程博士", "软件工程", "青川大学", "2018-09", "2023-06")]


# --- Pandoc Markdown with raw TeX -----------------------------------------------------------
def test_raw_tex_layout_commands_in_markdown_are_no_content():
    """A Markdown source written for Pandoc: `\\vspace{1mm}` / `\\hrule` alone on a line are
    layout, `$\\hfill$` parts two fields like a column, `\\textbf{…}` is its text."""
    r = extract(_doc(r'''
        # 王小明

        ## 工作经历
        \vspace{1mm}
        \hrule
        \vspace{2mm}

        **博士后研究员** --- 2023.10 --- 2024.12 $\hfill$ _青川大学_ (Qingchuan University), 青川, 中国

        **研究助理** --- 2022.06 --- 2022.09 $\hfill$ _南湖国家实验室_, 南湖, 中国

        # Langues {-}

        \textbf{Allemand} natif \quad \textbf{Italien} courant
        '''))
    assert [(p.title, p.start, p.end) for p in r.positions] == [
        ("博士后研究员", "2023-10", "2024-12"), ("研究助理", "2022-06", "2022-09")]
    assert r.positions[0].organization.startswith("青川大学")
    assert r.positions[1].organization == "南湖国家实验室"
    assert not any("hrule" in (p.organization or "") or "$" in (p.title or "") for p in r.positions)


# --- positions in Chinese and Japanese ---------------------------------------------------------
def test_middle_dot_parts_the_organization_and_the_post():
    """`某公司 · 研发实习生（某计划）` (an HTML résumé in Chinese): the organization, a middle
    dot, the post (a whole phrase ending on a post word) and a bracketed programme name."""
    r = extract(_doc('''
        # 王小明

        ## 实习经历

        <h4>青川科技 · 存储系统研发实习生（星火计划）</h4><span>2024.07–2025.01</span>

        <h4>南湖投资管理有限公司 · 量化开发工程师</h4><span>2023.11–2024.05</span>
        '''))
    assert [(p.organization, p.title, p.start, p.end) for p in r.positions] == [
        ("青川科技", "存储系统研发实习生", "2024-07", "2025-01"),
        ("南湖投资管理有限公司", "量化开发工程师", "2023-11", "2024-05")]


def test_japanese_post_written_after_its_organization_and_made_until():
    """`- 2005年4月-2007年8月まで	某研究所某センター研究員(任期付き)`: the post is the end of the
    organization's name (no space); まで ("until") belongs to the dates; the note in brackets
    is neither."""
    r = extract(_doc('''
        ## 職歴

        - 2004年8月-2005年3月	青川技術研究所計測研究センター特別研究員(任期付き)
        - 2005年4月-2007年8月まで	青川技術研究所計測研究センター研究員
        - 2015年4月-2018年10月	青川技術研究所材料研究部門主任研究員
        - 2025年1月- 国立大学法人 南湖大学理学部准教授
        '''))
    assert [(p.title, p.organization, p.start, p.end) for p in r.positions] == [
        ("特別研究員", "青川技術研究所計測研究センター", "2004-08", "2005-03"),
        ("研究員", "青川技術研究所計測研究センター", "2005-04", "2007-08"),
        ("主任研究員", "青川技術研究所材料研究部門", "2015-04", "2018-10"),
        ("准教授", "国立大学法人 南湖大学理学部", "2025-01", None)]


# --- person: what a page is, not whose ----------------------------------------------------------
def test_page_title_words_in_chinese_and_japanese_are_no_name():
    """`title: 履歴書` ("résumé"), `中文简历` ("Chinese CV"), a link `English PDF`: no name."""
    from mappers.extract.fields import looks_like_name
    assert not looks_like_name("履歴書")
    assert not looks_like_name("中文简历")
    assert not looks_like_name("个人主页")
    assert not looks_like_name("English PDF")
    assert looks_like_name("王小明")
    r = extract(_doc('''
        ---
        title: 履歴書
        ---

        ## 職歴

        - 2025年1月- 国立大学法人 南湖大学理学部准教授
        '''))
    assert r.person.name in ("", None)


# --- awards ---------------------------------------------------------------------------------------
def test_emphasis_inside_a_chinese_award_name_and_a_label_line():
    """`- 山东省**优秀毕业生**，省教育厅，2022` (bold inside the name: Chinese has no spaces
    around it), `本科奖项：` (a label over the awards), and an author's mark `王*, 李*` kept."""
    from mappers.extract.fields import strip_markup
    assert strip_markup("某省**优秀学生干部**，某省团委") == "某省优秀学生干部,某省团委"
    assert strip_markup("王小*, 李大*") == "王小*, 李大*"
    assert strip_markup("Kim*, Baek*") == "Kim*, Baek*"
    r = extract(_doc('''
        # 王小明

        ### 荣誉与奖项

        本科奖项：
        - 某省**优秀学生干部**，某省团委，2022
        - **国家级三等奖**，某某程序设计竞赛，2020
        '''))
    assert [(a.name, a.year) for a in r.awards] == [
        ("某省优秀学生干部,某省团委", "2022"), ("国家级三等奖,某某程序设计竞赛", "2020")]


def test_a_paragraph_of_awards_parted_by_middle_dots():
    """`A（Top 5%） · B · C`: one award each."""
    r = extract(_doc('''
        # 王小明

        ## 荣誉

        青川大学优秀学生（Top 10%） · 青川大学二等奖学金（Top 8%） · 南湖奖学金 · 优秀团员
        '''))
    assert [a.name for a in r.awards] == ["青川大学优秀学生(Top 10%)", "青川大学二等奖学金(Top 8%)", "南湖奖学金", "优秀团员"]


# --- skills and languages ---------------------------------------------------------------------
def test_chinese_skill_groups_with_labels_and_enumeration_commas():
    """`<p><strong>编程：</strong>Rust、Go、Lua；Docker、Make</p>`: the label is no skill; 、
    parts the items like a comma."""
    r = extract(_doc('''
        # 王小明

        ## 技术能力

        <p><strong>编程：</strong>Rust、Go、Lua；Docker、Make、Bazel；网络编程、代码评审。</p>
        <p><strong>数值方法：</strong>有限元、谱方法、MPI</p>
        '''))
    assert r.skills == ["Rust", "Go", "Lua", "Docker", "Make", "Bazel", "网络编程", "代码评审",
                        "有限元", "谱方法", "MPI"]


def test_a_row_of_languages_and_levels_parted_by_tex_spacing():
    """`\\textbf{Allemand} natif \\quad \\textbf{Italien} courant \\quad \\textbf{Coréen}
    intermédiaire`: one language per cell."""
    r = extract(_doc(r'''
        Jeanne Lorin \qquad \url{jeanne@lorin.example}

        # Expérience {-}

        Depuis 2019
        :   **Chargée de recherche** à Lorvane.

        # Langues {-}

        \textbf{Allemand} natif \quad \textbf{Italien} courant \quad \textbf{Coréen} intermédiaire \quad \textbf{Portugais} débutant
        '''))
    assert [lang.split(" (")[0] for lang in r.languages] == ["Allemand", "Italien", "Coréen", "Portugais"]


def test_bold_words_that_begin_a_sentence_are_no_heading():
    """`**Lorem Methods** in Python, MSc (M1), Lorem University.` in a teaching list
    under Markdown headings: an entry, not a skills heading."""
    r = extract(_doc('''
        # Enseignement {-}

        2022
        : **Ipsum Algorithmics**, MSc (M1), Université de Nordval.

        2021
        : **Lorem Methods** in Python, MSc (M1), Université de Lorem.

        2020
        : **Ipsum Statistics**, MSc (M2), Lorem Polytech.
        '''))
    assert r.skills == []
    assert len(r.teaching) == 3


# --- publications: GOST references (Russian CVs) ---------------------------------------------
def test_gost_reference_with_double_slash_venue_and_dash_parted_details():
    """`Authors. Title // Venue. — 2019. — Т. 5, № 2. — С. 10–20.` (GOST 7.1): "//" opens the
    venue, ". — " parts the year, volume and pages; Cyrillic initials after the surname."""
    r = extract(_doc('''
        # Иван Петров

        ## Публикации

        1. Петров И. И., Сидоров А. А. Метод быстрой маршрутизации в разреженных графах // Вестник Лоремского университета. — 2019. — Т. 5, № 2. — С. 10–20.
        2. Petrov I., Sidorov A. Lazy routing for quiet networks // Proceedings of the Lorem Conference. — 2021. — P. 1–10.
        3. Петров И.И., Сидоров А.А. Тихие сети без маршрутов // Труды конференции «Лорем-2020». — М.: Изд-во Лорем, 2020. — С. 5–7.
        '''))
    got = [(p.title, p.year) for p in r.publications]
    assert got == [("Метод быстрой маршрутизации в разреженных графах", "2019"),
                   ("Lazy routing for quiet networks", "2021"), ("Тихие сети без маршрутов", "2020")]
    assert r.publications[0].venue == "Вестник Лоремского университета"
    assert [a.name for a in r.publications[0].authors][0] == "Петров И. И."
    assert len(r.publications[0].authors) == 2 and len(r.publications[2].authors) == 2
    assert "Лорем-2020" in r.publications[2].venue


def test_cyrillic_initials_are_a_name_word():
    from mappers.extract.fields import looks_like_name
    assert looks_like_name("Петров И. И.")
    assert looks_like_name("Петров И.И.")
    assert not looks_like_name("Метод быстрой")


# --- education in French ------------------------------------------------------------------------
def test_french_degree_a_institution_and_a_thesis_in_guillemets():
    """`**Doctorat en informatique** à l'université Lorem : « Titre »`, `**Licence d'informatique**
    à l'ENS de Nordval.`, `**Master …**, à l'ENS Quintale.`: the institution after "à l'"; a
    quoted title after a colon is the thesis; "à Paris" (a bare "à" and a capital) stays."""
    from mappers.extract.text import _education_fields
    f = _education_fields("Doctorat en informatique à l'université Lorem-Ipsum : « Modèles adaptatifs pour le diagnostic »")
    assert (f["degree"], f["institution"], f["thesis"]) == (
        "Doctorat en informatique", "université Lorem-Ipsum", "Modèles adaptatifs pour le diagnostic")
    f = _education_fields("Licence d'informatique à l'ENS de Nordval.")
    assert (f["degree"], f["institution"]) == ("Licence d'informatique", "ENS de Nordval")
    f = _education_fields("Master de didactique des sciences, à l'ENS Quintale.")
    assert f["institution"] == "ENS Quintale"
    assert _education_fields("Master en sciences à Paris").get("institution") != "Paris"


# --- education in Japanese: a record of schooling --------------------------------------------
def test_japanese_schooling_pairs_entrance_and_leaving_lines():
    """`- 1997年4月	某大学大学院理学研究科数理専攻博士前期課程　入学` / `- 1999年3月	同上　修了`: one
    entry from the entrance to the leaving; 博士前期課程 is a master's, 博士後期課程 a doctorate,
    学部…学科 a bachelor's; "博士（分野、大学）取得" names the degree's field."""
    r = extract(_doc('''
        ## 学歴

        - 1993年4月	青川大学理学部物理学科　入学
        - 1997年3月	青川大学理学部物理学科　卒業
        - 1997年4月	青川大学大学院理学研究科宇宙理学専攻博士前期課程　入学
        - 1999年3月	同上　修了
        - 1999年4月	青川大学大学院理学研究科宇宙理学専攻博士後期課程　入学
        - 2002年3月	同上　修了、博士（宇宙理学、青川大学）取得
        '''))
    assert [(e.institution, e.degree, e.field, e.start, e.end) for e in r.education] == [
        ("青川大学", "学士", "物理学", "1993-04", "1997-03"),
        ("青川大学", "修士", "宇宙理学", "1997-04", "1999-03"),
        ("青川大学", "博士", "宇宙理学", "1999-04", "2002-03")]
    assert [e.level for e in r.education] == ["bachelor", "master", "doctorate"]


# --- held-out Chinese CV: scholarship/commendation headings, giver and award on one line ---------
def test_chinese_scholarship_commendation_review_and_public_service_headings():
    assert classify_heading("奖学金") == "awards"
    assert classify_heading("表彰") == "awards"
    assert classify_heading("基本技能") == "skills"
    assert classify_heading("工作论文") == "publications"
    assert classify_heading("审稿专家") == "service"
    assert classify_heading("公共服务") == "service"
    assert classify_heading("国内外学术会议受邀演讲与研讨会") == "talks"


def test_award_giver_and_name_parted_by_a_space_in_han_script():
    """`2022 青川大学 创新奖学金`: the year, then the giver and the award, one name (the
    space between two Han words is no column break here)."""
    r = extract(_doc('''
        # 王小明

        ### 奖学金

        2022 青川大学 创新奖学金

        2021 **某部委 青年奖学金**

        2018 **青川大学 校长奖学金**（全院仅 **3** 人）
        '''))
    assert [(a.name, a.year) for a in r.awards] == [
        ("青川大学 创新奖学金", "2022"), ("某部委 青年奖学金", "2021"),
        ("青川大学 校长奖学金(全院仅 3 人)", "2018")]


def test_chinese_institution_colon_field_and_degree():
    """`2018-2022 青川大学：管理学博士` (the institution, a colon, the field and the degree);
    管理学 is both the degree's class and its field; 理学 (science) names no field."""
    r = extract(_doc('''
        # 王小明

        ### 教育经历

        2018-2022 青川大学：管理学博士

        2016-2019 南湖理工大学：计算机科学硕士

        2012-2016 南湖理工大学：理学学士
        '''))
    assert [(e.institution, e.degree, e.field, e.start, e.end) for e in r.education] == [
        ("青川大学", "管理学博士", "管理学", "2018", "2022"),
        ("南湖理工大学", "硕士", "计算机科学", "2016", "2019"),
        ("南湖理工大学", "理学学士", None, "2012", "2016")]


# --- publications in Chinese: a title, then its authors and journal on lines of their own ----------
def test_chinese_slot_entries_with_enumeration_commas_and_book_title_marks():
    """`> Title` / `- 李大华、**王小明**、张三和赵四` / `- 发表在《某某学报》 2019 年第 3 期`: 、 parts the
    names and 和 ("and") joins the last; the journal is written in book-title marks 《》."""
    r = extract(_doc('''
        # 王小明

        ## 期刊论文

        > 基于稀疏图的快速路由方法研究

        - 李大华、**王小明**、张三和赵四

        - 发表在《某某学报》 2019 年第 3 期（影响因子：2.5）

        > 安静网络的惰性路由

        - **王小明**和欧阳和平

        - 刊于《某某评论》 2022 年第 6 期
        '''))
    assert [(p.title, [a.name for a in p.authors], p.venue, p.year) for p in r.publications] == [
        ("基于稀疏图的快速路由方法研究", ["李大华", "王小明", "张三", "赵四"], "某某学报", "2019"),
        ("安静网络的惰性路由", ["王小明", "欧阳和平"], "某某评论", "2022")]


def test_latex_chinese_post_comma_organization_with_labelled_detail_lines():
    """`{\\bf 高级工程师, \\emph{某科技有限公司 北京}} \\hfill {\\em 2023.3-至今} \\\\ 方向：… \\\\ 工作内容：`
    (the rSection template in Chinese): the post, then the organization; the labelled lines
    under it are details."""
    tex = r'''
        \documentclass{article}
        \begin{document}
        \begin{rSection}{工作经历}
        {\bf 高级工程师, \emph{青川科技有限公司 北京}} \hfill {\em 2023.3-至今}
        \\ 方向：存储系统、日志压缩
        \\ 工作内容：
        \begin{itemize}
        \item 维护对象存储的元数据服务。
        \end{itemize}
        \end{rSection}
        \end{document}
        '''
    r = extract(_doc(tex, "cv.tex", "latex"))
    assert [(p.title, p.organization, p.start, p.current) for p in r.positions] == [
        ("高级工程师", "青川科技有限公司 北京", "2023-03", True)]
